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
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { anchoredStart, ANCHOR_FROM, type SeekKey } from "./anchors.server";
import { PAGE_SIZE, type ProductFilters } from "../admin-products";
import { countResult, type Counted, type StatusCounts } from "./counts.server";
import { facetConditions, fromSource, rowConditions, sourceId, sourceOf, whereClause, type Source } from "./conditions.server";

const AdminProductRowSchema = z.object({
  id: col.int,
  product_name: col.text,
  slug: col.text,
  status: col.text,
  pricing: col.text,
  is_advertised: col.bool,
  has_coupon: col.bool,
  created_at: col.text,
  ad_start_date: col.text.nullable(),
  ad_end_date: col.text.nullable(),
  niches: col.text.nullable(),
});
export type AdminProductRow = z.output<typeof AdminProductRowSchema>;

export interface ProductPage {
  rows: AdminProductRow[];
  counts: StatusCounts;
  /** False when the counts (and so the page count) are an estimate. */
  exact: boolean;
  page: number;
  pageCount: number;
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

const MonthSpan = z.object({
  /** The month's first instant and the next month's (UTC), as PostgreSQL writes them in JSON. */
  first: col.text,
  next: col.text,
  /** Rows of the view in newer months, and in this one. */
  before: col.int,
  n: col.int,
});

/**
 * The page at `start` (newest first) of a view of the whole catalogue filtered on facets only,
 * found from product_month_counts (migration 0028, kept by triggers, so never stale): the month
 * its first row falls in, then a seek to that month's newest (or, when nearer, oldest) end that
 * skips at most half a month's rows. Null when the counts do not reach `start` (a concurrent
 * write): the caller seeks from anchors instead.
 */
async function monthSeek(db: Database, f: ProductFilters, start: number): Promise<SQL | null> {
  const span = await selectRow(
    db,
    MonthSpan,
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
  return selectRows(
    db,
    AdminProductRowSchema,
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
  const count = await selectRow(
    db,
    z.object({ n: col.int }),
    sql`select count(*)::int as n from products p where p.is_advertised and p.type = 'product' and p.status <> 'deleted'`,
  );
  const total = count?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(requestedPage, pageCount);
  const rows = await selectRows(
    db,
    AdminProductRowSchema,
    sql`select ${ROW_COLUMNS} from products p where p.is_advertised and p.type = 'product' and p.status <> 'deleted'
         order by p.created_at desc, p.id desc offset ${(page - 1) * PAGE_SIZE} limit ${PAGE_SIZE}`,
  );
  return { rows, total, page, pageCount };
}
