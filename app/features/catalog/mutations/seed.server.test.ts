import { sql } from "drizzle-orm";
import { z } from "zod";
import { col, selectRow } from "~/db/rows.server";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { seedDemoCatalog } from "./seed.server";

async function count(query: ReturnType<typeof sql>) {
  const row = await selectRow(getDb(), z.object({ n: col.int }), query);
  return row!.n;
}

describe("demo catalogue seed", () => {
  it("loaded every entry live, with niches and subcategories published", async () => {
    expect(await count(sql`select count(*) as n from products where status = 'live' and type = 'product'`)).toBe(3198);
    expect(await count(sql`select count(*) as n from niches where status = 'published'`)).toBe(14);
    expect(await count(sql`select count(*) as n from subcategories where status = 'published' and is_parent`)).toBe(146);
    // Every product sits in its niche and subcategory; some in a second one too.
    expect(await count(sql`select count(*) as n from products p where not exists (select 1 from product_niches pn where pn.product_id = p.id)`)).toBe(0);
    expect(await count(sql`select count(*) as n from products p where not exists (select 1 from product_subcategories ps where ps.product_id = p.id)`)).toBe(0);
    expect(await count(sql`select count(distinct product_id) as n from product_niches group by product_id having count(*) > 1 limit 1`)).toBe(1);
  });

  it("keeps the catalogue's tags and maps unknown pricing to free", async () => {
    const rows = await queryRows<{ tags: string[]; pricing: string }>(
      getDb(),
      sql`select tags, pricing from products where slug = 'cp-community'`,
    );
    expect(rows[0]).toEqual({ tags: ["competitive-programming", "coding-help-career-communities", "discord"], pricing: "free" });
    expect(await count(sql`select count(*) as n from products where pricing not in ('free','freemium','premium')`)).toBe(0);
  });

  it("does nothing on a database that already has a catalogue", async () => {
    const result = await seedDemoCatalog(getDb());
    expect(result.seeded).toBe(false);
    expect(await count(sql`select count(*) as n from products`)).toBe(3198);
  });

  it("creates a stats row for every product", async () => {
    expect(await count(sql`select count(*) as n from product_stats`)).toBe(3198);
  });
});
