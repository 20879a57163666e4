/**
 * Manage Products' filters as SQL (decision 037): the source the rows are read from (the products,
 * or one niche's or subcategory's links, migration 0021), the facet conditions the count tables
 * answer, and the row conditions (search, dates, a niche besides a subcategory) they cannot.
 */
import { sql, type SQL } from "drizzle-orm";
import type { ProductFilters } from "../admin-products";

/** Where the rows are read from: the products themselves, or one niche's or subcategory's links. */
export type Source = { kind: 0 } | { kind: 1 | 2; ref: number };

export function sourceOf(f: ProductFilters): Source {
  if (f.subcategory !== null) return { kind: 2, ref: f.subcategory };
  if (f.niche !== null) return { kind: 1, ref: f.niche };
  return { kind: 0 };
}

/** The conditions the count tables can answer, on an alias whose columns have the products' names. */
export function facetConditions(f: ProductFilters, alias: string): SQL {
  const col = (name: string) => sql.raw(`${alias}.${name}`);
  const parts: SQL[] = [sql`${col("type")} = 'product'`, sql`${col("status")} <> 'deleted'`];
  if (f.status === "ads") parts.push(sql`${col("is_advertised")}`);
  else if (f.status !== "all") parts.push(sql`${col("status")} = ${f.status === "published" ? "live" : f.status}`);
  if (f.advertised !== "any") parts.push(f.advertised === "yes" ? sql`${col("is_advertised")}` : sql`not ${col("is_advertised")}`);
  if (f.coupon !== "any") parts.push(f.coupon === "yes" ? sql`${col("has_coupon")}` : sql`not ${col("has_coupon")}`);
  if (f.pricing !== "all") parts.push(sql`${col("pricing")} = ${f.pricing}`);
  return sql.join(parts, sql` and `);
}

/** The source's rows that pass the facet filters (alias `s`). */
export function baseConditions(f: ProductFilters, src: Source): SQL {
  const facets = facetConditions(f, "s");
  return src.kind === 0 ? facets : sql`s.kind = ${src.kind} and s.ref_id = ${src.ref} and ${facets}`;
}

/** LIKE pattern for "contains", with the user's % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The conditions the count tables cannot answer (search, dates, a niche besides a subcategory), on
 * the source's alias `s`; null when none.
 *
 * On products, a name search is written two ways. As LIKE, the planner may answer it from the
 * trigram index (products_name_trgm_idx), right for a rare text (few rows to visit) but wrong for
 * a common one: it misjudges "contains" (99 rows expected, 13,930 found for 'sync') and visits every
 * matching row, 33-130 ms. With `walk`, as strpos, which no index serves: the rows are walked in
 * the list index's order with the name read from the index, which stops at the page (or the bound)
 * after few entries when the text is common, or after the whole of a small base.
 */
export function rowConditions(f: ProductFilters, src: Source, walk = false): SQL | null {
  const parts: SQL[] = [];
  const id = src.kind === 0 ? sql`s.id` : sql`s.product_id`;
  // On a link, the name is its own lowered copy (migration 0028), read from the links' list index.
  if (f.q) {
    if (src.kind !== 0) parts.push(sql`s.name_lower like ${containsPattern(f.q)}`);
    else if (walk) parts.push(sql`strpos(lower(s.product_name), ${f.q.toLowerCase()}) > 0`);
    else parts.push(sql`lower(s.product_name) like ${containsPattern(f.q)}`);
  }
  if (f.from) parts.push(sql`s.created_at >= ${`${f.from}T00:00:00Z`}::timestamptz`);
  if (f.to) parts.push(sql`s.created_at < ${`${f.to}T00:00:00Z`}::timestamptz + interval '1 day'`);
  if (src.kind === 2 && f.niche !== null) {
    parts.push(sql`exists (select 1 from product_niches pn where pn.product_id = ${id} and pn.niche_id = ${f.niche})`);
  }
  return parts.length ? sql.join(parts, sql` and `) : null;
}

export function fromSource(src: Source): SQL {
  return src.kind === 0 ? sql`products s` : sql`admin_product_links s`;
}

export function sourceId(src: Source): SQL {
  return src.kind === 0 ? sql`s.id` : sql`s.product_id`;
}

export function whereClause(f: ProductFilters, src: Source, walk = false): SQL {
  const rows = rowConditions(f, src, walk);
  return rows ? sql`${baseConditions(f, src)} and ${rows}` : baseConditions(f, src);
}
