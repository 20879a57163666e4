/**
 * Manage Products' and Trending Ads' reads (decision 037). Products only (suggestions are listed
 * elsewhere), never `deleted` ones (hidden by moderation). Newest first, 20 a page, on the server.
 *
 * Status counts are for the whole filtered result:
 * - filters on status, advertised, coupon and pricing only: exact, from `product_facet_counts`
 *   (kept by triggers), whatever the catalogue's size;
 * - with a search, dates, a niche or a subcategory: exact up to EXACT_COUNT_LIMIT matches, counted
 *   on the rows; beyond it a labelled estimate from a block sample (ratio to the exact facet total).
 */
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { intArray } from "~/db/sql-arrays";
import { PAGE_SIZE, type ProductFilters } from "./filters";

export const EXACT_COUNT_LIMIT = 10_000;
/** About this many rows are sampled for an estimate. */
const SAMPLE_ROWS = 5_000;

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

/** The conditions `product_facet_counts` can answer, on an alias whose columns have the products' names. */
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

/** LIKE pattern for "contains", with the user's % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The conditions that need the rows themselves (search, dates, niche, subcategory); null when none. */
function rowConditions(f: ProductFilters): SQL | null {
  const parts: SQL[] = [];
  if (f.q) parts.push(sql`lower(p.product_name) like ${containsPattern(f.q)}`);
  if (f.from) parts.push(sql`p.created_at >= ${`${f.from}T00:00:00Z`}::timestamptz`);
  if (f.to) parts.push(sql`p.created_at < ${`${f.to}T00:00:00Z`}::timestamptz + interval '1 day'`);
  if (f.niche !== null) parts.push(sql`p.id in (select pn.product_id from product_niches pn where pn.niche_id = ${f.niche})`);
  if (f.subcategory !== null) {
    parts.push(sql`p.id in (select ps.product_id from product_subcategories ps where ps.subcategory_id = ${f.subcategory})`);
  }
  return parts.length ? sql.join(parts, sql` and `) : null;
}

function whereClause(f: ProductFilters): SQL {
  const rows = rowConditions(f);
  return rows ? sql`${facetConditions(f, "p")} and ${rows}` : facetConditions(f, "p");
}

const ZERO: StatusCounts = { published: 0, draft: 0, pending: 0, rejected: 0, ads: 0, total: 0 };

type CountRow = StatusCounts;

async function facetCounts(db: Database, f: ProductFilters): Promise<StatusCounts> {
  const [row] = await queryRows<CountRow>(
    db,
    sql`select coalesce(sum(c.n) filter (where c.status = 'live'), 0)::int as published,
               coalesce(sum(c.n) filter (where c.status = 'draft'), 0)::int as draft,
               coalesce(sum(c.n) filter (where c.status = 'pending'), 0)::int as pending,
               coalesce(sum(c.n) filter (where c.status = 'rejected'), 0)::int as rejected,
               coalesce(sum(c.n) filter (where c.is_advertised), 0)::int as ads,
               coalesce(sum(c.n), 0)::int as total
          from product_facet_counts c where ${facetConditions(f, "c")}`,
  );
  return row ?? ZERO;
}

const COUNT_COLUMNS = sql`count(*) filter (where x.status = 'live')::int as published,
  count(*) filter (where x.status = 'draft')::int as draft,
  count(*) filter (where x.status = 'pending')::int as pending,
  count(*) filter (where x.status = 'rejected')::int as rejected,
  count(*) filter (where x.is_advertised)::int as ads,
  count(*)::int as total`;

/** Exact counts of the filtered rows, or null when there are more than EXACT_COUNT_LIMIT. */
async function boundedCounts(db: Database, f: ProductFilters): Promise<StatusCounts | null> {
  const [row] = await queryRows<CountRow>(
    db,
    sql`select ${COUNT_COLUMNS} from (select p.status, p.is_advertised from products p where ${whereClause(f)}
                                       limit ${EXACT_COUNT_LIMIT + 1}) x`,
  );
  const counts = row ?? ZERO;
  return counts.total > EXACT_COUNT_LIMIT ? null : counts;
}

/**
 * An estimate: in a block sample of the products passing the facet filters, the share that also
 * passes the row filters, times the exact facet total. Never below the bound just counted.
 */
async function estimatedCounts(db: Database, f: ProductFilters, facetTotal: StatusCounts): Promise<StatusCounts> {
  const [all] = await queryRows<{ n: number }>(db, sql`select coalesce(sum(n), 0)::int as n from product_facet_counts`);
  const percent = Math.min(100, Math.max(0.01, (SAMPLE_ROWS / Math.max(1, all?.n ?? 1)) * 100));
  const [sample] = await queryRows<CountRow & { base: number }>(
    db,
    sql`select ${COUNT_COLUMNS}, (select count(*)::int from products p tablesample system (${percent}::real) repeatable (37)
                                   where ${facetConditions(f, "p")}) as base
          from (select p.status, p.is_advertised from products p tablesample system (${percent}::real) repeatable (37)
                 where ${whereClause(f)}) x`,
  );
  const base = sample?.base ?? 0;
  if (!sample || base === 0 || sample.total === 0) return { ...ZERO, total: EXACT_COUNT_LIMIT + 1 };
  const scale = facetTotal.total / base;
  const estimate = (n: number) => Math.round(n * scale);
  return {
    published: estimate(sample.published),
    draft: estimate(sample.draft),
    pending: estimate(sample.pending),
    rejected: estimate(sample.rejected),
    ads: estimate(sample.ads),
    total: Math.max(EXACT_COUNT_LIMIT + 1, estimate(sample.total)),
  };
}

export async function statusCounts(db: Database, f: ProductFilters): Promise<{ counts: StatusCounts; exact: boolean }> {
  const facets = await facetCounts(db, f);
  if (!rowConditions(f)) return { counts: facets, exact: true };
  if (facets.total === 0) return { counts: ZERO, exact: true };
  const exact = await boundedCounts(db, f);
  if (exact) return { counts: exact, exact: true };
  return { counts: await estimatedCounts(db, f, facets), exact: false };
}

const ROW_COLUMNS = sql`p.id, p.product_name, p.slug, p.status, p.pricing, p.is_advertised, p.has_coupon,
  to_json(p.created_at) #>> '{}' as created_at, to_json(p.ad_start_date) #>> '{}' as ad_start_date,
  to_json(p.ad_end_date) #>> '{}' as ad_end_date,
  (select string_agg(n.name, ', ' order by n.name) from product_niches pn join niches n on n.id = pn.niche_id
    where pn.product_id = p.id) as niches`;

/**
 * One page, newest first. The page's ids are found first (from the covering index when the
 * filters allow), then only those rows are read. Past the middle of an exactly counted result the
 * page is read from the oldest end, so the deepest offset is half the result.
 */
async function pageRows(db: Database, f: ProductFilters, page: number, total: number | null): Promise<AdminProductRow[]> {
  const start = (page - 1) * PAGE_SIZE;
  const where = whereClause(f);
  if (total !== null && start >= total) return [];
  const fromEnd = total !== null && start > total / 2;
  const ids = fromEnd
    ? sql`select p.id from products p where ${where} order by p.created_at asc, p.id asc
          offset ${Math.max(0, total - start - PAGE_SIZE)} limit ${Math.min(PAGE_SIZE, total - start)}`
    : sql`select p.id from products p where ${where} order by p.created_at desc, p.id desc offset ${start} limit ${PAGE_SIZE}`;
  return queryRows<AdminProductRow>(
    db,
    sql`select ${ROW_COLUMNS} from products p where p.id in (${ids}) order by p.created_at desc, p.id desc`,
  );
}

export async function listAdminProducts(db: Database, f: ProductFilters): Promise<ProductPage> {
  const { counts, exact } = await statusCounts(db, f);
  const pageCount = Math.max(1, Math.ceil(counts.total / PAGE_SIZE));
  // An exact result has a last page: a later page number shows it. An estimate keeps the number.
  const page = exact ? Math.min(f.page, pageCount) : f.page;
  const rows = await pageRows(db, f, page, exact ? counts.total : null);
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
