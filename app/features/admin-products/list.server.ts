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
 *   matches, counted on the rows; beyond it a labelled estimate from a sample (of every month's
 *   newest rows for a search, a block sample of the products with dates).
 *
 * A niche's or subcategory's links carry the product's name, lowered (migration 0028), so a search
 * within one is read from the links' index alone; a small one (EXACT_WALK_LIMIT) is counted exactly.
 *
 * Deep pages of the whole catalogue filtered on facets only find their month from
 * `product_month_counts` (migration 0028, kept by triggers: right after any write); other deep
 * pages seek from page anchors (anchors.server.ts) instead of walking a long offset.
 */
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { intArray } from "~/db/sql-arrays";
import { anchoredStart, ANCHOR_FROM, type SeekKey } from "./anchors.server";
import { PAGE_SIZE, type ProductFilters } from "./filters";

export const EXACT_COUNT_LIMIT = 1_000;
/**
 * A niche's or subcategory's base (its links passing the facet filters) this small is counted
 * exactly whatever the row filters: a walk of at most this many entries of the links' list index
 * (which carries the name) costs a few milliseconds, less than a block sample of the products
 * table, which finds few of a small base's products anyway.
 */
export const EXACT_WALK_LIMIT = 20_000;
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
 *
 * On products, a name search is written two ways. As LIKE, the planner may answer it from the
 * trigram index (products_name_trgm_idx), right for a rare text (few rows to visit) but wrong for
 * a common one: it misjudges "contains" (99 rows expected, 13,930 found for 'sync') and visits every
 * matching row, 33-130 ms. With `walk`, as strpos, which no index serves: the rows are walked in
 * the list index's order with the name read from the index, which stops at the page (or the bound)
 * after few entries when the text is common, or after the whole of a small base.
 */
function rowConditions(f: ProductFilters, src: Source, walk = false): SQL | null {
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

function fromSource(src: Source): SQL {
  return src.kind === 0 ? sql`products s` : sql`admin_product_links s`;
}

function sourceId(src: Source): SQL {
  return src.kind === 0 ? sql`s.id` : sql`s.product_id`;
}

function whereClause(f: ProductFilters, src: Source, walk = false): SQL {
  const rows = rowConditions(f, src, walk);
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

/** Exact counts of the filtered rows, or null when there are more than `bound` (none: no bound). */
async function boundedCounts(
  db: Database,
  f: ProductFilters,
  src: Source,
  bound: number | null = EXACT_COUNT_LIMIT,
  walk = false,
): Promise<StatusCounts | null> {
  const limit = bound === null ? sql`` : sql` limit ${bound + 1}`;
  const [row] = await queryRows<CountRow>(
    db,
    sql`select ${COUNT_COLUMNS} from (select s.status, s.is_advertised from ${fromSource(src)} where ${whereClause(f, src, walk)}${limit}) x`,
  );
  const counts = row ?? ZERO;
  return bound !== null && counts.total > bound ? null : counts;
}

const SAMPLE_COLUMNS = sql`count(*) filter (where x.hit and x.status = 'live')::int as published,
  count(*) filter (where x.hit and x.status = 'draft')::int as draft,
  count(*) filter (where x.hit and x.status = 'pending')::int as pending,
  count(*) filter (where x.hit and x.status = 'rejected')::int as rejected,
  count(*) filter (where x.hit and x.is_advertised)::int as ads,
  count(*) filter (where x.hit)::int as total,
  count(*)::int as base`;

/**
 * The sample for a name search (with or without a niche besides a subcategory), stratified by
 * month: the newest rows of each month of the base (SAMPLE_ROWS in all), read from the same index
 * as the page (names included: index-only, a seek per month, 2-3 ms), each month's share of
 * matches weighted by its products (product_month_counts). A block sample of the products table
 * cost 10-20 ms at 1,000,000 products (a third of the 30 ms budget); the newest rows alone were
 * cheap but read a recent import of similar names as the whole catalogue's. Dates keep the block
 * sample (they decide which months match).
 */
async function monthlySample(db: Database, f: ProductFilters, src: Source, base: StatusCounts): Promise<{ counts: StatusCounts; hits: number } | null> {
  const id = sourceId(src);
  const perMonth = sql`(select ceil(${SAMPLE_ROWS}::float8 / count(*))::int from m)`;
  const share = (hit: SQL) => sql`sum(p.n * p.${hit}::float8 / p.sampled)`;
  const [row] = await queryRows<CountRow & { weight: number; hits: number }>(
    db,
    sql`with m as (select c.month, sum(c.n)::int as n from product_month_counts c where ${facetConditions(f, "c")} group by c.month having sum(c.n) > 0),
             p as (select m.month, max(m.n) as n, count(*) as sampled,
                          count(*) filter (where x.hit and x.status = 'live') as published,
                          count(*) filter (where x.hit and x.status = 'draft') as draft,
                          count(*) filter (where x.hit and x.status = 'pending') as pending,
                          count(*) filter (where x.hit and x.status = 'rejected') as rejected,
                          count(*) filter (where x.hit and x.is_advertised) as ads,
                          count(*) filter (where x.hit) as total
                     from m cross join lateral (
                       select s.status, s.is_advertised, (${rowConditions(f, src) ?? sql`true`}) as hit
                         from ${fromSource(src)}
                        where ${baseConditions(f, src)} and s.created_at >= m.month::timestamp at time zone 'UTC'
                          and s.created_at < (m.month + interval '1 month') at time zone 'UTC'
                        order by s.created_at desc, ${id} desc limit ${perMonth}) x
                    group by m.month)
        select ${share(sql.raw("published"))} as published, ${share(sql.raw("draft"))} as draft, ${share(sql.raw("pending"))} as pending,
               ${share(sql.raw("rejected"))} as rejected, ${share(sql.raw("ads"))} as ads, ${share(sql.raw("total"))} as total,
               sum(p.n)::float8 as weight, sum(p.total)::int as hits
          from p`,
  );
  if (!row || !row.weight) return null;
  // The weights are products per month; a niche's or subcategory's base is scaled to its own total.
  const scale = base.total / row.weight;
  const estimate = (n: number) => Math.round(Number(n) * scale);
  return {
    counts: {
      published: estimate(row.published),
      draft: estimate(row.draft),
      pending: estimate(row.pending),
      rejected: estimate(row.rejected),
      ads: estimate(row.ads),
      total: Math.max(EXACT_COUNT_LIMIT + 1, estimate(row.total)),
    },
    hits: Number(row.hits),
  };
}

/**
 * A block sample of the products, sized for about SAMPLE_BASE_ROWS base rows (at least SAMPLE_ROWS
 * products, at most SAMPLE_MAX_ROWS) and REPEATABLE, so a reload shows the same figure.
 */
async function blockSample(db: Database, f: ProductFilters, src: Source, base: StatusCounts): Promise<SQL> {
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
  return sql`select ${SAMPLE_COLUMNS}
               from (select s.status, s.is_advertised, (${rows}) as hit
                       from products s tablesample system (${percent}::real) repeatable (37)
                      where ${facetConditions(f, "s")} and ${inSource}) x`;
}

/**
 * An estimate: in a sample of the base (the source's rows passing the facet filters), the share
 * that also passes the row filters, times the base's exact total. Never below the bound.
 */
async function estimatedCounts(
  db: Database,
  f: ProductFilters,
  src: Source,
  base: StatusCounts,
): Promise<{ counts: StatusCounts; hits: number }> {
  if (!f.from && !f.to) {
    const monthly = await monthlySample(db, f, src, base);
    if (monthly) return monthly.hits > 0 ? monthly : { counts: { ...ZERO, total: EXACT_COUNT_LIMIT + 1 }, hits: 0 };
  }
  const [sample] = await queryRows<CountRow & { base: number }>(db, await blockSample(db, f, src, base));
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

/** A products base this small is walked (see rowConditions) for its count and pages. */
const WALK_BASE_LIMIT = 50_000;

interface Counted {
  counts: StatusCounts;
  exact: boolean;
  version: string;
  /** Pages read with `walk` conditions (rowConditions). */
  walk: boolean;
}

async function countResult(db: Database, f: ProductFilters, src: Source): Promise<Counted> {
  const { counts: base, version } = await tableCounts(db, f, src);
  const answer = (counts: StatusCounts, exact: boolean, walk = false): Counted => ({ counts, exact, version, walk });
  if (!rowConditions(f, src)) return answer(base, true);
  if (base.total === 0) return answer(ZERO, true);
  if (src.kind !== 0 && base.total <= EXACT_WALK_LIMIT) return answer((await boundedCounts(db, f, src, null))!, true);
  // Clearly past the bound by the sample: the estimate, without the bounded count; a common text, so walked.
  const sample = base.total > EXACT_COUNT_LIMIT ? await estimatedCounts(db, f, src, base) : null;
  if (sample && sample.hits >= SURE_HITS && sample.counts.total >= SURE_FACTOR * EXACT_COUNT_LIMIT) {
    return answer(sample.counts, false, true);
  }
  const walk = base.total <= WALK_BASE_LIMIT;
  const exact = await boundedCounts(db, f, src, EXACT_COUNT_LIMIT, walk);
  if (exact) return answer(exact, true, walk);
  return answer((sample ?? (await estimatedCounts(db, f, src, base))).counts, false, walk);
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
function orderedKeys(f: ProductFilters, src: Source, dir: Direction, after: SeekKey | null, walk = false): SQL {
  const id = sourceId(src);
  const [cmp, order] = dir === "newest" ? [sql`<`, sql`desc`] : [sql`>`, sql`asc`];
  const seek = after ? sql` and (s.created_at, ${id}) ${cmp} (${after.created_at}, ${after.id})` : sql``;
  return sql`select s.created_at, ${id} as id from ${fromSource(src)} where ${whereClause(f, src, walk)}${seek}
              order by s.created_at ${order}, ${id} ${order}`;
}

interface MonthSpan {
  /** The month's first instant and the next month's (UTC), as PostgreSQL writes them in JSON. */
  first: string;
  next: string;
  /** Rows of the view in newer months, and in this one. */
  before: number;
  n: number;
}

/**
 * The page at `start` (newest first) of a view of the whole catalogue filtered on facets only,
 * found from product_month_counts (migration 0028, kept by triggers, so never stale): the month
 * its first row falls in, then a seek to that month's newest (or, when nearer, oldest) end that
 * skips at most half a month's rows. Null when the counts do not reach `start` (a concurrent
 * write): the caller seeks from anchors instead.
 */
async function monthSeek(db: Database, f: ProductFilters, start: number): Promise<SQL | null> {
  const [span] = await queryRows<MonthSpan>(
    db,
    sql`select to_json(m.month::timestamp at time zone 'UTC') #>> '{}' as first,
               to_json((m.month + interval '1 month') at time zone 'UTC') #>> '{}' as next, m.before::int as before, m.n::int as n
          from (select g.month, g.n, coalesce(sum(g.n) over (order by g.month desc rows between unbounded preceding and 1 preceding), 0) as before
                  from (select c.month, sum(c.n) as n from product_month_counts c where ${facetConditions(f, "c")} group by c.month) g) m
         where m.before <= ${start} and ${start} < m.before + m.n`,
  );
  if (!span) return null;
  const src: Source = { kind: 0 };
  const inner = start - span.before;
  const fromOldest = span.n - inner - PAGE_SIZE;
  // (created_at, id) past (instant, 0): ids are positive, so this is created_at < next (newest
  // first) or created_at >= first (oldest first), a range on the list index.
  const at = (instant: string) => ({ created_at: sql`${instant}::timestamptz`, id: sql`0` });
  return fromOldest >= 0 && fromOldest < inner
    ? sql`select k.id from (${orderedKeys(f, src, "oldest", at(span.first))} offset ${fromOldest} limit ${PAGE_SIZE}) k`
    : sql`select k.id from (${orderedKeys(f, src, "newest", at(span.next))} offset ${inner} limit ${PAGE_SIZE}) k`;
}

/**
 * One page, newest first. The page's ids are found first (from a covering index), then only those
 * rows are read. A page starting past ANCHOR_FROM of the whole catalogue filtered on facets only
 * seeks to its month (monthSeek). Otherwise, past the middle of an exactly counted result the page
 * is read from the oldest end, so the deepest position is half the result; a position past
 * ANCHOR_FROM seeks from the nearest page anchor before it (anchors.server.ts), so no page walks a
 * long offset.
 */
async function pageRows(db: Database, f: ProductFilters, src: Source, page: number, counted: Counted): Promise<AdminProductRow[]> {
  const start = (page - 1) * PAGE_SIZE;
  const total = counted.exact ? counted.counts.total : null;
  if (total !== null && start >= total) return [];
  const dir: Direction = total !== null && start > total / 2 ? "oldest" : "newest";
  const position = dir === "oldest" ? Math.max(0, total! - start - PAGE_SIZE) : start;
  const size = dir === "oldest" ? Math.min(PAGE_SIZE, total! - start) : PAGE_SIZE;
  let ids: SQL;
  // A deep page of the whole catalogue filtered on facets only: found by month counts, whatever was written.
  const byMonth = start >= ANCHOR_FROM && total !== null && src.kind === 0 && !rowConditions(f, src) ? await monthSeek(db, f, start) : null;
  if (byMonth) {
    ids = byMonth;
  } else if (position < ANCHOR_FROM) {
    ids = sql`select k.id from (${orderedKeys(f, src, dir, null, counted.walk)} offset ${position} limit ${size}) k`;
  } else {
    const key = JSON.stringify({ ...f, page: 0, dir });
    const { anchor, offset } = await anchoredStart(db, key, counted.version, position, (after) => orderedKeys(f, src, dir, after, counted.walk));
    const from = anchor && { created_at: sql`${anchor.created_at}::timestamptz`, id: sql`${anchor.id}::int` };
    ids = sql`select k.id from (${orderedKeys(f, src, dir, from, counted.walk)} offset ${offset} limit ${size}) k`;
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
