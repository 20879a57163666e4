import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { createProduct, createUser } from "../../../tests/factories";
import { recordServerError, resetErrorLogThrottle } from "~/domain/error-log.server";
import { ENGAGEMENT_DAYS, PRODUCT_WEEKS, type DailyEngagement } from "./admin";
import { dashboardOverview, dashboardPage, engagementPerDay, productsPerWeek } from "./queries.server";
import { statusBadge } from "~/domain/admin-status-badge";

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
});

const DAY = 86_400_000;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The Monday (UTC) of the week holding `time`. */
function monday(time: number) {
  const date = new Date(utcDay(time));
  return utcDay(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY);
}

describe("admin dashboard charts", () => {
  it("counts the products added in each of the last 12 weeks, zeros filled, without suggestions or deleted ones", async () => {
    const db = getDb();
    const now = Date.now();
    const before = await productsPerWeek(db);
    expect(before).toHaveLength(PRODUCT_WEEKS);
    expect(before.at(-1)!.week).toBe(monday(now));
    expect(before[0]!.week).toBe(monday(now - (PRODUCT_WEEKS - 1) * 7 * DAY));

    await createProduct(db, { status: "draft", created_at: new Date(now) });
    await createProduct(db, { status: "pending", created_at: new Date(now) });
    await createProduct(db, { created_at: new Date(now - 21 * DAY) });
    await createProduct(db, { created_at: new Date(now - 13 * 7 * DAY) });
    await createProduct(db, { status: "deleted", created_at: new Date(now) });
    await createProduct(db, { type: "suggestion", created_at: new Date(now) });

    const after = await productsPerWeek(db);
    const added = after.map((week, i) => week.products - before[i]!.products);
    const threeWeeksAgo = after.findIndex((week) => week.week === monday(now - 21 * DAY));
    expect(added[PRODUCT_WEEKS - 1]).toBe(2);
    expect(added[threeWeeksAgo]).toBe(1);
    expect(added.reduce((n, x) => n + x, 0)).toBe(3);
  });

  it("counts site-wide upvotes, saves, reviews (not replies), click-outs and views per UTC day over 30 days", async () => {
    const db = getDb();
    const now = Date.now();
    const before = await engagementPerDay(db);
    expect(before).toHaveLength(ENGAGEMENT_DAYS);
    expect(before.at(-1)!.day).toBe(utcDay(now));
    expect(before[0]!.day).toBe(utcDay(now - (ENGAGEMENT_DAYS - 1) * DAY));

    const product = await createProduct(db);
    const other = await createProduct(db);
    const [ann, bob] = [await createUser(db), await createUser(db)];
    const today = new Date(now).toISOString();
    const twoDaysAgo = new Date(now - 2 * DAY).toISOString();
    const longAgo = new Date(now - 40 * DAY).toISOString();
    await db.execute(sql`insert into product_upvotes (product_id, user_id, created_at) values
      (${product.id}, ${ann}, ${today}::timestamptz), (${other.id}, ${ann}, ${today}::timestamptz), (${product.id}, ${bob}, ${twoDaysAgo}::timestamptz)`);
    await db.execute(sql`insert into bookmarks (product_id, user_id, created_at) values
      (${product.id}, ${ann}, ${twoDaysAgo}::timestamptz), (${other.id}, ${bob}, ${longAgo}::timestamptz)`);
    const [review] = await queryRows<{ id: number }>(
      db,
      sql`insert into product_feedback (product_id, user_id, comment, rating, created_at) values (${product.id}, ${ann}, 'Useful', 5, ${today}::timestamptz) returning id`,
    );
    await db.execute(sql`insert into product_feedback (product_id, user_id, comment, rating, parent_id, created_at)
      values (${product.id}, ${bob}, 'A reply', 4, ${review!.id}, ${today}::timestamptz)`);
    await db.execute(sql`insert into product_clicks (product_id, visitor_hash, created_at) values
      (${product.id}, 'v1', ${today}::timestamptz), (${product.id}, 'v2', ${today}::timestamptz), (${other.id}, 'v1', ${twoDaysAgo}::timestamptz)`);
    await db.execute(sql`insert into product_views (product_id, day, visitor_hash) values
      (${product.id}, ${utcDay(now)}, 'v1'), (${product.id}, ${utcDay(now - 2 * DAY)}, 'v1'), (${other.id}, ${utcDay(now - 2 * DAY)}, 'v2'),
      (${other.id}, ${utcDay(now - 40 * DAY)}, 'v3')`);

    const after = await engagementPerDay(db);
    const delta = (i: number): Omit<DailyEngagement, "day"> => {
      const { day: _a, ...b } = before[i]!;
      const { day: _c, ...a } = after[i]!;
      return Object.fromEntries(Object.entries(a).map(([key, value]) => [key, value - b[key as keyof typeof b]])) as Omit<DailyEngagement, "day">;
    };
    expect(delta(ENGAGEMENT_DAYS - 1)).toEqual({ upvotes: 2, saves: 0, reviews: 1, clicks: 2, views: 1 });
    expect(delta(ENGAGEMENT_DAYS - 3)).toEqual({ upvotes: 1, saves: 1, reviews: 0, clicks: 1, views: 2 });
    const untouched = after.map((_, i) => i).filter((i) => i !== ENGAGEMENT_DAYS - 1 && i !== ENGAGEMENT_DAYS - 3);
    for (const i of untouched) expect(delta(i)).toEqual({ upvotes: 0, saves: 0, reviews: 0, clicks: 0, views: 0 });
  });

  it("reads only the chosen tab: the Overview's figures, or Debug Tools' newest errors", async () => {
    const db = getDb();
    const overview = await dashboardPage("overview", db);
    expect(overview.tab).toBe("overview");
    expect(overview.overview?.weeks).toHaveLength(PRODUCT_WEEKS);
    expect(overview.overview?.engagement).toHaveLength(ENGAGEMENT_DAYS);
    expect("debug" in overview).toBe(false);

    await db.execute(sql`delete from error_log`);
    expect((await dashboardPage("debug", db)).debug?.errors).toEqual([]);
    resetErrorLogThrottle();
    await recordServerError({ method: "GET", path: "/older", status: 500, error: new Error("older") });
    await recordServerError({ method: "POST", path: "/newer", status: 502, error: new Error("newer") });
    const debug = await dashboardPage("debug", db);
    expect(debug.debug?.errors.map((row) => [row.method, row.path, row.status, row.message])).toEqual([
      ["POST", "/newer", 502, "newer"],
      ["GET", "/older", 500, "older"],
    ]);
    expect("overview" in debug).toBe(false);
  });
});
