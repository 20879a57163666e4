/**
 * A Feedback Reports search: each branch's matches collected by index up to a bound, common ones
 * found by a probe and a block sample and walked newest first; the count is exact below the
 * bound, a labelled estimate above it.
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { intArray } from "~/db/sql-arrays";
import { FEEDBACK_PAGE_SIZE, MAX_PAGE, searchTooShort, type FeedbackFilters, type FeedbackReportsPage } from "../admin-feedback";
import { BRANCHES, branchCondition, likePattern, rowFilters, type Branch } from "./filters.server";
import { readShownRows } from "./rows.server";
import { feedbackStats } from "./stats.server";

/** A search is counted exactly up to this many matches; beyond, the count is a labelled estimate. */
export const SEARCH_EXACT_LIMIT = 1_000;
/** Rows of the block sample behind a search's estimate. */
const SEARCH_SAMPLE_ROWS = 1_000;

/**
 * Up to `limit` ids of the rows each of `branches` matches, each branch on its own index (the
 * comment's trigram index; products by the trigram index on lower(product_name); authors by the
 * trigram indexes on name, e-mail and username, then their feedback by user) and stopping at
 * `limit`: the cost follows the limit, not the number of matches. A branch that returns `limit`
 * ids has more ("big").
 */
async function boundedSearchIds(
  db: Database,
  filters: FeedbackFilters,
  limit: number,
  branches: Branch[],
  indexWord: string | null,
): Promise<Record<Branch, number[]>> {
  const found: Record<Branch, number[]> = { comment: [], product: [], author: [] };
  if (!branches.length) return found;
  const pattern = likePattern(filters.q);
  const x = sql`x`;
  // The trigram index gets the search's rarest word only, the whole text is checked on its rows:
  // given 'review 12345' it would read the posting lists of 'rev', 'evi', 'vie' and 'iew', which
  // hold nearly every row (24 ms, against 1 ms for '12345'). `|| ''` keeps the whole text off the index.
  const comment = indexWord ? sql`x.comment ilike ${likePattern(indexWord)} and (x.comment || '') ilike ${pattern}` : sql`x.comment ilike ${pattern}`;
  const queries: Record<Branch, SQL> = {
    comment: sql`(select 'comment' as b, x.id from product_feedback x where ${comment} and ${rowFilters(filters, x)} limit ${limit})`,
    product: sql`(select 'product' as b, x.id from products pp join product_feedback x on x.product_id = pp.id
                   where lower(pp.product_name) like lower(${pattern}) and ${rowFilters(filters, x)} limit ${limit})`,
    author: sql`(select 'author' as b, x.id from (select uu.id from "user" uu where lower(uu.name) like lower(${pattern})
                                                  union select uu.id from "user" uu where lower(uu.email) like lower(${pattern})
                                                  union select pf.id from profiles pf where lower(pf.username) like lower(${pattern})) a
                   join product_feedback x on x.user_id = a.id
                  where ${rowFilters(filters, x)} limit ${limit})`,
  };
  const rows = await selectRows(db, z.object({ b: z.enum(BRANCHES), id: col.int }), sql.join(branches.map((b) => queries[b]), sql` union all `));
  for (const row of rows) found[row.b].push(row.id);
  return found;
}

/** Rows of the newest-first probe that tells a common search from a rare one. */
const PROBE_ROWS = 500;
/** A branch matching this many of the probe's rows may be common; the block sample then decides. */
const PROBE_COMMON = 5;

/** The words of a search that can stand for it on the trigram index: 3 characters or more, at most 8. */
export function searchWords(q: string): string[] {
  const words = [...new Set(q.split(/\s+/).filter((word) => word.length >= 3))].slice(0, 8);
  return words.length > 1 ? words : [];
}

/**
 * The branches that look common: at least PROBE_COMMON of the newest PROBE_ROWS rows (kind and
 * rating applied) match them (one short index walk). A common text is cheap to find this way and
 * dear to collect by index (its trigrams' posting lists hold much of the table). With fewer rows
 * than the probe reads, collecting is cheap: none is common. The same walk counts each word of
 * the search in the comments: the rarest (the longest of those) is the one to look up by index.
 */
async function probeSearch(db: Database, filters: FeedbackFilters): Promise<{ common: Branch[]; indexWord: string | null }> {
  const pattern = likePattern(filters.q);
  const words = searchWords(filters.q);
  const row = await selectRow(
    db,
    z.record(z.string(), col.int),
    sql`select count(*)::int as probed, ${sql.join(
      [
        ...BRANCHES.map((b) => sql`(count(*) filter (where ${branchCondition(b, pattern)}))::int as ${sql.identifier(b)}`),
        ...words.map((word, i) => sql`(count(*) filter (where f.comment ilike ${likePattern(word)}))::int as ${sql.identifier(`w${i}`)}`),
      ],
      sql`, `,
    )}
          from (select x.id, x.comment, x.product_name, x.author_search from product_feedback x where ${rowFilters(filters, sql`x`)}
                 order by x.created_at desc, x.id desc limit ${PROBE_ROWS}) f`,
  );
  const hits = (key: string) => row?.[key] ?? 0;
  const ranked = words.map((word, i) => ({ word, hits: hits(`w${i}`) })).sort((a, b) => a.hits - b.hits || b.word.length - a.word.length);
  const indexWord = ranked[0]?.word ?? null;
  if (hits("probed") < PROBE_ROWS) return { common: [], indexWord };
  return { common: BRANCHES.filter((b) => hits(b) >= PROBE_COMMON), indexWord };
}

/**
 * About how many rows `branches` match together: the share of a repeatable block sample of
 * product_feedback passing them, times the table's size from the statistics.
 */
async function sampleEstimate(db: Database, filters: FeedbackFilters, branches: Branch[]): Promise<number> {
  const pattern = likePattern(filters.q);
  const size = await selectRow(
    db,
    z.object({ n: col.int }),
    sql`select greatest(reltuples, 0)::bigint as n from pg_class where oid = 'product_feedback'::regclass`,
  );
  const rowsInTable = Math.max(1, size?.n ?? 0);
  const percent = Math.min(100, Math.max(0.01, (SEARCH_SAMPLE_ROWS / rowsInTable) * 100));
  const sample = await selectRow(
    db,
    z.object({ hits: col.int, sampled: col.int }),
    sql`select count(*) filter (where ${rowFilters(filters, sql`f`)} and (${sql.join(
      branches.map((b) => branchCondition(b, pattern)),
      sql` or `,
    )}))::int as hits, count(*)::int as sampled
          from product_feedback f tablesample system (${percent}::real) repeatable (37)`,
  );
  const sampled = sample?.sampled ?? 0;
  return sampled ? Math.round(((sample?.hits ?? 0) / sampled) * rowsInTable) : 0;
}

/**
 * A search: each branch's matches (comment, product name, author) are first collected by index,
 * at most SEARCH_EXACT_LIMIT + 1 per branch. When no branch reaches that, the count is exact and
 * the page is sorted from those ids alone. Otherwise the big branches are walked newest first
 * (the created_at index, testing one condition per row) for just the rows up to the page's end,
 * merged with the small branches' rows; the count is then an estimate, labelled as such.
 */
export async function readSearch(db: Database, query: { filters: FeedbackFilters; page: number }): Promise<FeedbackReportsPage> {
  const { filters } = query;
  if (searchTooShort(filters.q)) {
    return { stats: await feedbackStats(db), rows: [], total: 0, capped: false, estimated: false, tooShort: true, page: 1, pageCount: 1, filters };
  }
  const limit = SEARCH_EXACT_LIMIT + 1;
  const statsRead = feedbackStats(db);
  statsRead.catch(() => {}); // awaited below; never unhandled if the probe fails first
  // Branches common among the newest rows, and clearly past the bound by the sample, are walked
  // newest first without collecting their matches; the others are collected by index.
  const probe = await probeSearch(db, filters);
  let common = probe.common;
  let commonEstimate = common.length ? await sampleEstimate(db, filters, common) : 0;
  if (commonEstimate < 3 * SEARCH_EXACT_LIMIT) {
    common = [];
    commonEstimate = 0;
  }
  const found = await boundedSearchIds(db, filters, limit, BRANCHES.filter((b) => !common.includes(b)), probe.indexWord);
  const stats = await statsRead;
  const collectedBig = BRANCHES.filter((b) => found[b].length >= limit);
  const big = [...common, ...collectedBig];
  const small = [...new Set(BRANCHES.filter((b) => !big.includes(b)).flatMap((b) => found[b]))];
  const pageRows = (page: number, candidates: SQL) =>
    readShownRows(
      db,
      sql`candidates as (${candidates}),
          shown as (select id, created_at from candidates order by created_at desc, id desc
                    limit ${FEEDBACK_PAGE_SIZE} offset ${(page - 1) * FEEDBACK_PAGE_SIZE})`,
    );
  const smallRows = sql`select f.id, f.created_at from product_feedback f where f.id = any(${intArray(small)})`;
  if (!big.length) {
    const total = small.length;
    const pageCount = Math.max(1, Math.ceil(total / FEEDBACK_PAGE_SIZE));
    const page = Math.min(query.page, pageCount);
    const rows = total ? await pageRows(page, smallRows) : [];
    return { stats, rows, total, capped: false, estimated: false, page, pageCount, filters };
  }
  // An overlap between branches is counted twice: it is an estimate.
  const estimate = collectedBig.length ? await sampleEstimate(db, filters, big) : commonEstimate;
  const total = Math.min(Math.max(SEARCH_EXACT_LIMIT + 1, estimate + small.length), MAX_PAGE * FEEDBACK_PAGE_SIZE);
  const pageCount = Math.max(1, Math.ceil(total / FEEDBACK_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const depth = page * FEEDBACK_PAGE_SIZE;
  const pattern = likePattern(filters.q);
  const walks = big.map(
    (b) => sql`(select f.id, f.created_at from product_feedback f where ${rowFilters(filters, sql`f`)} and ${branchCondition(b, pattern)}
                order by f.created_at desc, f.id desc limit ${depth})`,
  );
  const rows = await pageRows(page, sql.join([...(small.length ? [smallRows] : []), ...walks], sql` union `));
  return { stats, rows, total, capped: true, estimated: true, page, pageCount, filters };
}
