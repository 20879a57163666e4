/**
 * Manage Products' status counts for the whole filtered result (decision 037; see list.server.ts):
 * exact from the trigger-kept count tables for facet filters, counted on the rows up to
 * EXACT_COUNT_LIMIT otherwise, and beyond it a labelled estimate from a sample.
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import type { ProductFilters } from "../admin-products";
import { baseConditions, facetConditions, fromSource, rowConditions, sourceId, sourceOf, whereClause, type Source } from "./conditions.server";

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

const ZERO: StatusCounts = {
  published: 0,
  draft: 0,
  pending: 0,
  rejected: 0,
  ads: 0,
  total: 0,
};

const CountRow = z.object({ published: col.int, draft: col.int, pending: col.int, rejected: col.int, ads: col.int, total: col.int });

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
  const row = await selectRow(db, CountRow.extend({ version: col.text }), query);
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
  const row = await selectRow(
    db,
    CountRow,
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
  const estimated = col.number.nullable();
  const row = await selectRow(
    db,
    z.object({
      published: estimated, draft: estimated, pending: estimated, rejected: estimated, ads: estimated, total: estimated,
      weight: col.number.nullable(), hits: col.int.nullable(),
    }),
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
  const estimate = (n: number | null) => Math.round((n ?? 0) * scale);
  return {
    counts: {
      published: estimate(row.published),
      draft: estimate(row.draft),
      pending: estimate(row.pending),
      rejected: estimate(row.rejected),
      ads: estimate(row.ads),
      total: Math.max(EXACT_COUNT_LIMIT + 1, estimate(row.total)),
    },
    hits: row.hits ?? 0,
  };
}

/**
 * A block sample of the products, sized for about SAMPLE_BASE_ROWS base rows (at least SAMPLE_ROWS
 * products, at most SAMPLE_MAX_ROWS) and REPEATABLE, so a reload shows the same figure.
 */
async function blockSample(db: Database, f: ProductFilters, src: Source, base: StatusCounts): Promise<SQL> {
  const all = await selectRow(db, z.object({ n: col.int }), sql`select coalesce(sum(n), 0)::int as n from product_facet_counts`);
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
  const sample = await selectRow(db, CountRow.extend({ base: col.int }), await blockSample(db, f, src, base));
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

export interface Counted {
  counts: StatusCounts;
  exact: boolean;
  version: string;
  /** Pages read with `walk` conditions (rowConditions). */
  walk: boolean;
}

export async function countResult(db: Database, f: ProductFilters, src: Source): Promise<Counted> {
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
