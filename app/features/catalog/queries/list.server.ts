import { sql, type SQL } from "drizzle-orm";
import { selectRows } from "~/db/rows.server";
import { cachedRead } from "~/db/data-cache.server";
import { getDb } from "~/db/registry.server";
import { intArray, textArray } from "~/db/sql-arrays";
import { decodeCursor, encodeCursor, type ListCursor } from "../cursor.server";
import type { ProductCard, ProductPage } from "~/domain/product-card";
import { CardRow, plainNumber, productCardColumns, queryCards } from "~/domain/product-card.server";
import { publicProductFilter } from "~/domain/public-product.server";
import { currentShuffleDay } from "../mutations/shuffle.server";

export type { ProductPage };

export interface ListFilter {
  nicheId?: number;
  /** Any of these subcategories (a parent subcategory passes itself and its children). */
  subcategoryIds?: number[];
  tag?: string;
}

export class InvalidCursorError extends Error {
  constructor() {
    super("cursor is not valid");
  }
}

function filterSql(filter: ListFilter): SQL {
  const parts: SQL[] = [];
  if (filter.nicheId !== undefined) {
    parts.push(sql`exists (select 1 from product_niches pn where pn.product_id = p.id and pn.niche_id = ${filter.nicheId})`);
  }
  if (filter.subcategoryIds) {
    parts.push(
      sql`exists (select 1 from product_subcategories ps where ps.product_id = p.id and ps.subcategory_id = any(${intArray(filter.subcategoryIds)}))`,
    );
  }
  if (filter.tag !== undefined) parts.push(sql`p.tags @> ${textArray([filter.tag])}`);
  return parts.length ? sql`and ${sql.join(parts, sql` and `)}` : sql``;
}

/**
 * One page of a public list: products created today first, newest first, then the rest in the
 * day's shuffled order. Keyset paging in both parts, so page 500 costs what page 1 costs, and
 * loading more never repeats or skips a product within a day.
 */
export async function listProducts(filter: ListFilter, options: { cursor?: string | null; limit: number }): Promise<ProductPage> {
  const limit = Math.max(1, Math.min(100, Math.trunc(options.limit)));
  let cursor: ListCursor | null = null;
  if (options.cursor) {
    cursor = decodeCursor(options.cursor);
    if (!cursor) throw new InvalidCursorError();
  }
  const shuffle = cursor ? { day: cursor.d, freshSince: new Date(cursor.f) } : await currentShuffleDay(getDb());
  // The same page for everyone until a product is listed, changed or upvoted (decision 055).
  const where = { n: filter.nicheId, s: filter.subcategoryIds, t: filter.tag };
  return cachedRead({
    key: `list:${shuffle.day}:${shuffle.freshSince.toISOString()}:${JSON.stringify(where)}:${options.cursor ?? ""}:${limit}`,
    tags: ["lists", "stats"],
    load: () => loadProducts(filter, cursor, shuffle, limit),
  });
}

async function loadProducts(filter: ListFilter, cursor: ListCursor | null, shuffle: { day: string; freshSince: Date }, limit: number): Promise<ProductPage> {
  const db = getDb();
  const base = { d: shuffle.day, f: shuffle.freshSince.toISOString() };
  const where = filterSql(filter);
  const items: ProductCard[] = [];

  if (!cursor || cursor.p === "n") {
    const after = cursor?.p === "n" ? sql`and (p.created_at, p.id) < (${cursor.c}::timestamptz, ${cursor.i})` : sql``;
    const fresh = await queryCards(
      db,
      sql`select ${productCardColumns} from products p join product_stats s on s.product_id = p.id
          where ${publicProductFilter} and p.created_at >= ${base.f}::timestamptz ${after} ${where}
          order by p.created_at desc, p.id desc limit ${limit + 1}`,
    );
    if (fresh.length > limit) {
      const last = fresh[limit - 1]!;
      return { items: fresh.slice(0, limit), nextCursor: encodeCursor({ ...base, p: "n", c: last.created_at, i: last.id }) };
    }
    items.push(...fresh);
  }

  const remaining = limit - items.length;
  const afterRank = cursor?.p === "r" ? cursor.r : 0;
  const ranked = await queryRanked(shuffle.day, base.f, afterRank, remaining + 1, where);
  const page = ranked.slice(0, remaining);
  items.push(...page.map(({ rank: _rank, ...card }) => card));
  const nextCursor =
    ranked.length > remaining && page.length > 0
      ? encodeCursor({ ...base, p: "r", r: page[page.length - 1]!.rank })
      : ranked.length > remaining
        ? encodeCursor({ ...base, p: "r", r: afterRank })
        : null;
  return { items, nextCursor };
}

async function queryRanked(day: string, freshSince: string, afterRank: number, limit: number, where: SQL) {
  const db = getDb();
  return selectRows(
    db,
    RankedCardRow,
    sql`select ${productCardColumns}, r.rank from product_daily_ranks r
        join products p on p.id = r.product_id
        join product_stats s on s.product_id = p.id
        where r.day = ${day} and r.rank > ${afterRank} and ${publicProductFilter}
          and p.created_at < ${freshSince}::timestamptz ${where}
        order by r.rank limit ${limit}`,
  );
}

const RankedCardRow = CardRow.extend({ rank: plainNumber });
