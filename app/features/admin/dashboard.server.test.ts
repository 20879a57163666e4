import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
import { createProduct } from "../../../tests/factories";
import { dashboardOverview } from "./dashboard.server";
import { statusBadge } from "./status";

describe("admin dashboard overview", () => {
  it("counts products, live advertised products and niches, and lists the 10 newest with their status", async () => {
    const db = getDb();
    const before = await dashboardOverview(db);
    const [niches] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from niches`);
    expect(before.categories).toBe(niches!.n);

    const future = new Date(Date.now() + 60_000);
    const draft = await createProduct(db, { status: "draft", created_at: future });
    const ad = await createProduct(db, { status: "live", created_at: new Date(future.getTime() + 1000) });
    await db.execute(sql`update products set is_advertised = true where id = ${ad.id}`);
    const hiddenAd = await createProduct(db, { status: "pending" });
    await db.execute(sql`update products set is_advertised = true where id = ${hiddenAd.id}`);
    await createProduct(db, { status: "deleted" });
    await createProduct(db, { type: "suggestion" });

    const after = await dashboardOverview(db);
    expect(after.totalProducts).toBe(before.totalProducts + 3);
    expect(after.featuredProducts).toBe(before.featuredProducts + 1);
    expect(after.recent).toHaveLength(10);
    expect(after.recent.slice(0, 2).map((p) => [p.id, statusBadge(p)])).toEqual([
      [ad.id, "Advertised"],
      [draft.id, "Draft"],
    ]);
    expect(new Date(after.recent[0]!.created_at).getTime()).toBe(future.getTime() + 1000);
  });

  it("names each status as the admin table does", () => {
    expect(statusBadge({ status: "live", is_advertised: false })).toBe("Published");
    expect(statusBadge({ status: "rejected", is_advertised: true })).toBe("Advertised");
    expect(statusBadge({ status: "pending", is_advertised: false })).toBe("Pending");
    expect(statusBadge({ status: "rejected", is_advertised: false })).toBe("Rejected");
    expect(statusBadge({ status: null, is_advertised: false })).toBe("Unknown");
  });
});
