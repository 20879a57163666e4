/**
 * Manage Products' and Trending Ads' reads (decision 037). Products only (suggestions are listed
 * elsewhere), never `deleted` ones (hidden by moderation). Newest first, 20 a page, on the server.
 *
 * The rows come from one of two ordered sources, both index-only for the facet filters:
 * - `products` (index products_admin_list_idx) when no niche or subcategory is chosen;
 * - `admin_product_links` (migration 0021: the niche and subcategory links with the product's list
 *   columns, kept by triggers) for a niche or a subcategory.
 *
 * Status counts are for the whole filtered result:
 * - facet filters (status, advertised, coupon, pricing), alone or with one niche or one
 *   subcategory: exact, from `product_facet_counts` / `admin_link_facet_counts` (kept by
 *   triggers), whatever the catalogue's size;
 * - with a search, dates, or a niche and a subcategory together: exact up to EXACT_COUNT_LIMIT
 *   matches, counted on the rows; beyond it a labelled estimate from a block sample.
 *
 * Deep pages seek from page anchors (anchors.server.ts) instead of walking a long offset.
 */
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { intArray } from "~/db/sql-arrays";
import { anchoredStart, ANCHOR_FROM, type SeekKey } from "./anchors.server";
import { PAGE_SIZE, type ProductFilters } from "./filters";

export const EXACT_COUNT_LIMIT = 1_000;
/** About this many products are sampled for an estimate; at most SAMPLE_MAX_ROWS are read. */
const SAMPLE_ROWS = 5_000;
const SAMPLE_BASE_ROWS = 2_000;
const SAMPLE_MAX_ROWS = 10_000;

export interface StatusCounts {
  published: number;
  draft: number;
  pending: number;
  rejected: number;
  ads: number;
  total: number;
}

export interface AdminProductRow {
  id: number;
  product_name: string;
  slug: string;
  status: string;
  pricing: string;
  is_advertised: boolean;
  has_coupon: boolean;
  created_at: string;
  ad_start_date: string | null;
  ad_end_date: string | null;
  niches: string | null;
}

export interface ProductPage {
  rows: AdminProductRow[];
  counts: StatusCounts;
  /** False when the counts (and so the page count) are an estimate. */
  exact: boolean;
  page: number;
  pageCount: number;
}

/** Where the rows are read from: the products themselves, or one niche's or subcategory's links. */
type Source = { kind: 0 } | { kind: 1 | 2; ref: number };

function sourceOf(f: ProductFilters): Source {
  if (f.subcategory !== null) return { kind: 2, ref: f.subcategory };
  if (f.niche !== null) return { kind: 1, ref: f.niche };
  return { kind: 0 };
}

/** The conditions the count tables can answer, on an alias whose columns have the products' names. */
function facetConditions(f: ProductFilters, alias: string): SQL {
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
function baseConditions(f: ProductFilters, src: Source): SQL {
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
 */
function rowConditions(f: ProductFilters, src: Source): SQL | null {
  const parts: SQL[] = [];
  const id = src.kind === 0 ? sql`s.id` : sql`s.product_id`;
  if (f.q) {
    parts.push(
      src.kind === 0
        ? sql`lower(s.product_name) like ${containsPattern(f.q)}`
        : sql`exists (select 1 from products p where p.id = s.product_id and lower(p.product_name) like ${containsPattern(f.q)})`,
    );
  }
  if (f.from) parts.push(sql`s.created_at >= ${`${f.from}T00:00:00Z`}::timestamptz`);
  if (f.to) parts.push(sql`s.created_at < ${`${f.to}T00:00:00Z`}::timestamptz + interval '1 day'`);
  if (src.kind === 2 && f.niche !== null) {
    parts.push(sql`exists (select 1 from product_niches pn where pn.product_id = ${id} and pn.niche_id = ${f.niche})`);
  }
  return parts.length ? sql.join(parts, sql` and `) : null;
}

function fromSource(src: Source): SQL {
  return src.kind === 0 ? sql`products s` : sql`admin_product_links s`;
}

function sourceId(src: Source): SQL {
  return src.kind === 0 ? sql`s.id` : sql`s.product_id`;
}

function whereClause(f: ProductFilters, src: Source): SQL {
  const rows = rowConditions(f, src);
  return rows ? sql`${baseConditions(f, src)} and ${rows}` : baseConditions(f, src);
}

const ZERO: StatusCounts = {
  published: 0,
  draft: 0,
  pending: 0,
  rejected: 0,
  ads: 0,
  total: 0,
};

type CountRow = StatusCounts;

const SUM_COLUMNS = sql`coalesce(sum(c.n) filter (where c.status = 'live'), 0)::int as published,
  coalesce(sum(c.n) filter (where c.status = 'draft'), 0)::int as draft,
  coalesce(sum(c.n) filter (where c.status = 'pending'), 0)::int as pending,
  coalesce(sum(c.n) filter (where c.status = 'rejected'), 0)::int as rejected,
  coalesce(sum(c.n) filter (where c.is_advertised), 0)::int as ads,
  coalesce(sum(c.n), 0)::int as total`;

/**
 * Exact counts of the source's rows passing the facet filters, from the trigger-kept count tables,
 * and a version: the count rows' transaction ids. Every statement that adds, removes or re-files a
 * product (or a niche or subcategory link) rewrites at least one of these rows, so the version
 * changes with it (page anchors built under another version are dropped).
 */
async function tableCounts(db: Database, f: ProductFilters, src: Source): Promise<{ counts: StatusCounts; version: string }> {
  const query =
    src.kind === 0
      ? sql`select ${SUM_COLUMNS}, coalesce(string_agg(c.xmin::text, ',' order by c.type, c.status, c.pricing, c.is_advertised, c.has_coupon), '') as version
              from product_facet_counts c where ${facetConditions(f, "c")}`
      : sql`select ${SUM_COLUMNS}, coalesce(string_agg(c.xmin::text, ',' order by c.type, c.status, c.pricing, c.is_advertised, c.has_coupon), '')
                   || ';' || coalesce((select string_agg(n.xmin::text, ',' order by n.type, n.status, n.pricing, n.is_advertised, n.has_coupon)
                                         from admin_link_facet_counts n where n.kind = 1 and n.ref_id = ${f.niche ?? 0}), '') as version
              from admin_link_facet_counts c where c.kind = ${src.kind} and c.ref_id = ${src.ref} and ${facetConditions(f, "c")}`;
  const [row] = await queryRows<CountRow & { version: string }>(db, query);
  if (!row) return { counts: ZERO, version: "" };
  const { version, ...counts } = row;
  return { counts, version };
}

const COUNT_COLUMNS = sql`count(*) filter (where x.status = 'live')::int as published,
  count(*) filter (where x.status = 'draft')::int as draft,
  count(*) filter (where x.status = 'pending')::int as pending,
  count(*) filter (where x.status = 'rejected')::int as rejected,
  count(*) filter (where x.is_advertised)::int as ads,
  count(*)::int as total`;

/** Exact counts of the filtered rows, or null when there are more than EXACT_COUNT_LIMIT. */
async function boundedCounts(db: Database, f: ProductFilters, src: Source): Promise<StatusCounts | null> {
  const [row] = await queryRows<CountRow>(
    db,
    sql`select ${COUNT_COLUMNS} from (select s.status, s.is_advertised from ${fromSource(src)} where ${whereClause(f, src)}
                                       limit ${EXACT_COUNT_LIMIT + 1}) x`,
  );
  const counts = row ?? ZERO;
  return counts.total > EXACT_COUNT_LIMIT ? null : counts;
}

/**
 * An estimate: in a block sample of the products, of those in the source passing the facet
 * filters (the base), the share that also passes the row filters, times the base's exact total.
 * The sample is sized for about SAMPLE_BASE_ROWS base rows (at least SAMPLE_ROWS products, at most
 * SAMPLE_MAX_ROWS) and REPEATABLE, so a reload shows the same figure. Never below the bound.
 */
async function estimatedCounts(
  db: Database,
  f: ProductFilters,
  src: Source,
  base: StatusCounts,
): Promise<{ counts: StatusCounts; hits: number }> {
  const [all] = await queryRows<{ n: number }>(db, sql`select coalesce(sum(n), 0)::int as n from product_facet_counts`);
  const products = Math.max(1, all?.n ?? 1);
  const wanted = Math.min(SAMPLE_MAX_ROWS, Math.max(SAMPLE_ROWS, (SAMPLE_BASE_ROWS * products) / Math.max(1, base.total)));
  const percent = Math.min(100, Math.max(0.01, (wanted / products) * 100));
  // The same conditions, written on a sampled product `s` (its links looked up by key).
  const onProduct: Source = { kind: 0 };
  const inSource =
    src.kind === 0
      ? sql`true`
      : sql`exists (select 1 from admin_product_links l where l.product_id = s.id and l.kind = ${src.kind} and l.ref_id = ${src.ref})`;
  const parts = [rowConditions(f, onProduct) ?? sql`true`];
  if (src.kind === 2 && f.niche !== null) {
    parts.push(sql`exists (select 1 from product_niches pn where pn.product_id = s.id and pn.niche_id = ${f.niche})`);
  }
  const rows = sql.join(parts, sql` and `);
  const [sample] = await queryRows<CountRow & { base: number }>(
    db,
    sql`select count(*) filter (where x.hit and x.status = 'live')::int as published,
               count(*) filter (where x.hit and x.status = 'draft')::int as draft,
               count(*) filter (where x.hit and x.status = 'pending')::int as pending,
               count(*) filter (where x.hit and x.status = 'rejected')::int as rejected,
               count(*) filter (where x.hit and x.is_advertised)::int as ads,
               count(*) filter (where x.hit)::int as total,
               count(*)::int as base
          from (select s.status, s.is_advertised, (${rows}) as hit
                  from products s tablesample system (${percent}::real) repeatable (37)
                 where ${facetConditions(f, "s")} and ${inSource}) x`,
  );
  const sampled = sample?.base ?? 0;
  if (!sample || sampled === 0 || sample.total === 0) return { counts: { ...ZERO, total: EXACT_COUNT_LIMIT + 1 }, hits: 0 };
  const scale = base.total / sampled;
  const estimate = (n: number) => Math.round(n * scale);
  const counts = {
    published: estimate(sample.published),
    draft: estimate(sample.draft),
    pending: estimate(sample.pending),
    rejected: estimate(sample.rejected),
    ads: estimate(sample.ads),
    total: Math.max(EXACT_COUNT_LIMIT + 1, estimate(sample.total)),
  };
  return { counts, hits: sample.total };
}

/**
 * A sample estimate this far over the bound, from at least SURE_HITS sampled matches, is taken as
 * "more than the bound" without counting 1,001 rows (which costs a long walk for a term that is
 * common but not very common).
 */
const SURE_FACTOR = 3;
const SURE_HITS = 10;

interface Counted {
  counts: StatusCounts;
  exact: boolean;
  version: string;
}

async function countResult(db: Database, f: ProductFilters, src: Source): Promise<Counted> {
  const { counts: base, version } = await tableCounts(db, f, src);
  if (!rowConditions(f, src)) return { counts: base, exact: true, version };
  if (base.total === 0) return { counts: ZERO, exact: true, version };
  // Clearly past the bound by the sample: the estimate, without the bounded count.
  const sample = base.total > EXACT_COUNT_LIMIT ? await estimatedCounts(db, f, src, base) : null;
  if (sample && sample.hits >= SURE_HITS && sample.counts.total >= SURE_FACTOR * EXACT_COUNT_LIMIT) {
    return { counts: sample.counts, exact: false, version };
  }
  const exact = await boundedCounts(db, f, src);
  if (exact) return { counts: exact, exact: true, version };
  return { counts: (sample ?? (await estimatedCounts(db, f, src, base))).counts, exact: false, version };
}

export async function statusCounts(db: Database, f: ProductFilters): Promise<{ counts: StatusCounts; exact: boolean }> {
  const { counts, exact } = await countResult(db, f, sourceOf(f));
  return { counts, exact };
}

const ROW_COLUMNS = sql`p.id, p.product_name, p.slug, p.status, p.pricing, p.is_advertised, p.has_coupon,
  to_json(p.created_at) #>> '{}' as created_at, to_json(p.ad_start_date) #>> '{}' as ad_start_date,
  to_json(p.ad_end_date) #>> '{}' as ad_end_date,
  (select string_agg(n.name, ', ' order by n.name) from product_niches pn join niches n on n.id = pn.niche_id
    where pn.product_id = p.id) as niches`;

type Direction = "newest" | "oldest";

/** The filtered source's (created_at, id) keys in `dir` order, after `after` (exclusive) when given. */
function orderedKeys(f: ProductFilters, src: Source, dir: Direction, after: SeekKey | null): SQL {
  const id = sourceId(src);
  const [cmp, order] = dir === "newest" ? [sql`<`, sql`desc`] : [sql`>`, sql`asc`];
  const seek = after ? sql` and (s.created_at, ${id}) ${cmp} (${after.created_at}, ${after.id})` : sql``;
  return sql`select s.created_at, ${id} as id from ${fromSource(src)} where ${whereClause(f, src)}${seek}
              order by s.created_at ${order}, ${id} ${order}`;
}

/**
 * One page, newest first. The page's ids are found first (from a covering index), then only those
 * rows are read. Past the middle of an exactly counted result the page is read from the oldest
 * end, so the deepest position is half the result; a position past ANCHOR_FROM seeks from the
 * nearest page anchor before it (anchors.server.ts), so no page walks a long offset.
 */
async function pageRows(db: Database, f: ProductFilters, src: Source, page: number, counted: Counted): Promise<AdminProductRow[]> {
  const start = (page - 1) * PAGE_SIZE;
  const total = counted.exact ? counted.counts.total : null;
  if (total !== null && start >= total) return [];
  const dir: Direction = total !== null && start > total / 2 ? "oldest" : "newest";
  const position = dir === "oldest" ? Math.max(0, total! - start - PAGE_SIZE) : start;
  const size = dir === "oldest" ? Math.min(PAGE_SIZE, total! - start) : PAGE_SIZE;
  let ids: SQL;
  if (position < ANCHOR_FROM) {
    ids = sql`select k.id from (${orderedKeys(f, src, dir, null)} offset ${position} limit ${size}) k`;
  } else {
    const key = JSON.stringify({ ...f, page: 0, dir });
    const { anchor, offset } = await anchoredStart(db, key, counted.version, position, (after) => orderedKeys(f, src, dir, after));
    const from = anchor && { created_at: sql`${anchor.created_at}::timestamptz`, id: sql`${anchor.id}::int` };
    ids = sql`select k.id from (${orderedKeys(f, src, dir, from)} offset ${offset} limit ${size}) k`;
  }
  return queryRows<AdminProductRow>(
    db,
    sql`select ${ROW_COLUMNS} from products p where p.id in (${ids}) order by p.created_at desc, p.id desc`,
  );
}

export async function listAdminProducts(db: Database, f: ProductFilters): Promise<ProductPage> {
  const src = sourceOf(f);
  const counted = await countResult(db, f, src);
  const { counts, exact } = counted;
  const pageCount = Math.max(1, Math.ceil(counts.total / PAGE_SIZE));
  // An exact result has a last page: a later page number shows it. An estimate keeps the number.
  const page = exact ? Math.min(f.page, pageCount) : f.page;
  const rows = await pageRows(db, f, src, page, counted);
  return { rows, counts, exact, page, pageCount };
}

/* --------------------------------------------------------------------- Trending Ads */

export interface AdPage {
  rows: AdminProductRow[];
  total: number;
  page: number;
  pageCount: number;
}

/** Advertised products (not suggestions, not deleted), newest first, 20 a page. */
export async function listAdvertised(db: Database, requestedPage: number): Promise<AdPage> {
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from products p where p.is_advertised and p.type = 'product' and p.status <> 'deleted'`,
  );
  const total = count?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(requestedPage, pageCount);
  const rows = await queryRows<AdminProductRow>(
    db,
    sql`select ${ROW_COLUMNS} from products p where p.is_advertised and p.type = 'product' and p.status <> 'deleted'
         order by p.created_at desc, p.id desc offset ${(page - 1) * PAGE_SIZE} limit ${PAGE_SIZE}`,
  );
  return { rows, total, page, pageCount };
}

/* ------------------------------------------------------------------------- Taxonomy */

export interface Option {
  id: number;
  name: string;
}

/** Niches by name, 'All Resources' first (spec: constants). */
export async function nicheOptions(db: Database): Promise<Option[]> {
  return queryRows<Option>(db, sql`select id, name from niches order by (name = 'All Resources') desc, lower(name), id`);
}

/** A niche's subcategories by name; every subcategory when no niche is given. */
export async function subcategoryOptions(db: Database, nicheId: number | null): Promise<Option[]> {
  if (nicheId === null) return queryRows<Option>(db, sql`select id, name from subcategories order by lower(name), id`);
  return queryRows<Option>(
    db,
    sql`select s.id, s.name from subcategories s join niche_subcategories ns on ns.subcategory_id = s.id
         where ns.niche_id = ${nicheId} order by lower(s.name), s.id`,
  );
}

export interface ChosenProduct {
  id: number;
  product_name: string;
  status: string;
  niches: string | null;
}

/** The products a remap names (unknown ids, suggestions and deleted products left out), by name. */
export async function chosenProducts(db: Database, ids: readonly number[]): Promise<ChosenProduct[]> {
  return queryRows<ChosenProduct>(
    db,
    sql`select p.id, p.product_name, p.status,
               (select string_agg(n.name, ', ' order by n.name) from product_niches pn join niches n on n.id = pn.niche_id
                 where pn.product_id = p.id) as niches
          from products p where p.id = any(${intArray(ids)}) and p.type = 'product' and p.status <> 'deleted'
         order by lower(p.product_name), p.id`,
  );
}
