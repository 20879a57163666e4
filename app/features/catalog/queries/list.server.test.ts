import { sql } from "drizzle-orm";
import { z } from "zod";
import { col, selectRow } from "~/db/rows.server";
import { beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { createProduct } from "../../../../tests/factories";
import { InvalidCursorError, listProducts } from "./list.server";
import { clearMemo } from "../memo.server";
import { buildShuffleDay, resetShuffleCache, utcDay } from "../mutations/shuffle.server";

async function collectAll(filter: Parameters<typeof listProducts>[0], pageSize: number) {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await listProducts(filter, { cursor, limit: pageSize });
    ids.push(...page.items.map((p) => p.id));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return ids;
}

async function nicheId(slug: string) {
  const row = await selectRow(getDb(), z.object({ id: col.int }), sql`select id from niches where slug = ${slug}`);
  return row!.id;
}

beforeEach(() => {
  clearMemo();
  resetShuffleCache();
});

describe("public list order", () => {
  it("puts products created today first, newest first, then the shuffled rest", async () => {
    const older = await createProduct(getDb(), { created_at: new Date(Date.now() - 60_000) });
    const newest = await createProduct(getDb());
    const page = await listProducts({}, { limit: 20 });
    expect(page.items.slice(0, 2).map((p) => p.id)).toEqual([newest.id, older.id]);
    // The rest is not simply newest-first: the demo catalogue's dates would give a sorted list.
    const rest = page.items.slice(2).map((p) => Date.parse(p.created_at));
    const sortedDesc = [...rest].sort((a, b) => b - a);
    expect(rest).not.toEqual(sortedDesc);
  });

  it("is stable within a day and different on another day", async () => {
    const first = (await listProducts({}, { limit: 20 })).items.map((p) => p.id);
    resetShuffleCache();
    const again = (await listProducts({}, { limit: 20 })).items.map((p) => p.id);
    expect(again).toEqual(first);

    const tomorrow = utcDay(new Date(Date.now() + 86_400_000));
    expect(await buildShuffleDay(getDb(), tomorrow)).toBe(true);
    const ranks = await queryRows<{ product_id: number }>(
      getDb(),
      sql`select product_id from product_daily_ranks where day = ${tomorrow} order by rank limit 20`,
    );
    expect(ranks.map((r) => r.product_id)).not.toEqual(first);
  });

  it("pages through a whole niche without repeating or skipping a product", async () => {
    const id = await nicheId("communities");
    const ids = await collectAll({ nicheId: id }, 20);
    const [{ n }] = (await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from product_niches pn join products p on p.id = pn.product_id
          where pn.niche_id = ${id} and p.status = 'live' and p.type = 'product'`,
    )) as [{ n: number }];
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(n);
  });

  it("pages through every product, across the today group and the shuffled rest", async () => {
    for (let i = 0; i < 3; i++) await createProduct(getDb());
    const ids = await collectAll({}, 97);
    expect(new Set(ids).size).toBe(ids.length);
    const [{ n }] = (await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from products where status = 'live' and type = 'product'`,
    )) as [{ n: number }];
    expect(ids.length).toBe(n);
    expect(n).toBeGreaterThanOrEqual(3198 + 3);
  });

  it("shows only live products, never drafts or suggestions", async () => {
    const draft = await createProduct(getDb(), { status: "draft", tags: ["only-here"] });
    const suggestion = await createProduct(getDb(), { type: "suggestion", tags: ["only-here"] });
    const live = await createProduct(getDb(), { tags: ["only-here"] });
    const page = await listProducts({ tag: "only-here" }, { limit: 20 });
    expect(page.items.map((p) => p.id)).toEqual([live.id]);
    expect(page.items.map((p) => p.id)).not.toContain(draft.id);
    expect(page.items.map((p) => p.id)).not.toContain(suggestion.id);
  });

  it("filters by tag and by subcategory", async () => {
    const byTag = await listProducts({ tag: "discord" }, { limit: 100 });
    expect(byTag.items.length).toBeGreaterThan(20);
    expect(byTag.items.every((p) => p.tags.includes("discord"))).toBe(true);

    const [sub] = await queryRows<{ id: number }>(getDb(), sql`select id from subcategories where slug = 'password-managers'`);
    const bySub = await collectAll({ subcategoryIds: [sub!.id] }, 50);
    const [{ n }] = (await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from product_subcategories where subcategory_id = ${sub!.id}`,
    )) as [{ n: number }];
    expect(bySub.length).toBe(n);
  });

  it("rejects a cursor it did not make", async () => {
    await expect(listProducts({}, { cursor: "not-a-cursor", limit: 20 })).rejects.toThrow(InvalidCursorError);
    const forged = Buffer.from(JSON.stringify({ p: "r", d: "2026-01-01", f: "x", r: -1 })).toString("base64url");
    await expect(listProducts({}, { cursor: forged, limit: 20 })).rejects.toThrow(InvalidCursorError);
  });
});

describe("an empty catalogue", () => {
  // Last in this file: it hides every product of the file's database.
  it("builds an (empty) order and lists nothing instead of failing", async () => {
    await queryRows(getDb(), sql`update products set status = 'draft'`);
    await queryRows(getDb(), sql`delete from product_daily_ranks`);
    await queryRows(getDb(), sql`delete from shuffle_days`);
    resetShuffleCache();
    const page = await listProducts({}, { limit: 20 });
    expect(page.items).toEqual([]);
    expect(page.nextCursor).toBeNull();
    const days = await queryRows<{ products: number }>(getDb(), sql`select products from shuffle_days where day = ${utcDay()}`);
    expect(days.map((d) => Number(d.products))).toEqual([0]);
  });
});
