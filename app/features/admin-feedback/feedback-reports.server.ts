/**
 * Feedback Reports (decision 046): statistics, the filtered table, hiding/unhiding/deleting abusive
 * reviews and replies (one transaction with its audit entry), and the streamed CSV export.
 */
import { sql, type SQL } from "drizzle-orm";
import { data, redirect } from "react-router";
import { invalidate, productTag } from "~/db/cache-bus.server";
import { queryRows, type Database } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
import { intArray } from "~/db/sql-arrays";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { setFlash } from "~/domain/flash.server";
import { assertSameOrigin } from "~/lib/http/origin.server";
import {
  csvRow,
  distribution,
  EXPORT_COLUMNS,
  exportFileName,
  FEEDBACK_PAGE_SIZE,
  FEEDBACK_REPORT_MESSAGES,
  MAX_PAGE,
  MODERATION_INTENTS,
  parseFeedbackQuery,
  searchTooShort,
  type FeedbackFilters,
  type FeedbackReportsPage,
  type FeedbackRow,
  type FeedbackStats,
  type ModerationIntent,
} from "./feedback-reports";

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The kind and rating filters on one feedback row (alias `x`). */
function rowFilters(filters: FeedbackFilters, x: SQL): SQL {
  const parts: SQL[] = [filters.kind === "replies" ? sql`${x}.parent_id is not null` : sql`${x}.parent_id is null`];
  if (filters.rating) parts.push(sql`${x}.rating = ${filters.rating}`);
  return sql.join(parts, sql` and `);
}

/** The filters as a condition on f (product_feedback) alone. */
export function filterCondition(filters: FeedbackFilters): SQL {
  const parts: SQL[] = [rowFilters(filters, sql`f`)];
  if (filters.q) parts.push(searchMatch(likePattern(filters.q)));
  return sql.join(parts, sql` and `);
}

/** A search is counted exactly up to this many matches; beyond, the count is a labelled estimate. */
export const SEARCH_EXACT_LIMIT = 1_000;
/** Rows of the block sample behind a search's estimate. */
const SEARCH_SAMPLE_ROWS = 1_000;

type Branch = "comment" | "product" | "author";
const BRANCHES: Branch[] = ["comment", "product", "author"];

/**
 * Each search branch as a condition on one feedback row `f`, on the copies it keeps of its product's
 * name and its author's username, name and e-mail (migration 0033, kept by triggers): no lookup
 * per row, and no EXISTS, which the planner may turn into a hash of every matching user or product
 * (10,000 users for a common name) where a walk or a sample reads a few rows.
 */
function branchCondition(branch: Branch, pattern: string): SQL {
  if (branch === "comment") return sql`f.comment ilike ${pattern}`;
  if (branch === "product") return sql`coalesce(lower(f.product_name) like lower(${pattern}), false)`;
  // Username, name and e-mail as the row keeps them (lower case, apart by chr(1), which no search holds).
  return sql`coalesce(f.author_search like lower(${pattern}), false)`;
}

/**
 * Whether a feedback row `f` matches the search: its comment, or the names it keeps of its product
 * and its author's username, name and e-mail (migration 0033), as the branches above read them.
 * The export walks the rows with it.
 */
function searchMatch(pattern: string): SQL {
  return sql`(${sql.join(
    BRANCHES.map((b) => branchCondition(b, pattern)),
    sql` or `,
  )})`;
}

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
  const rows = await queryRows<{ b: Branch; id: number }>(db, sql.join(branches.map((b) => queries[b]), sql` union all `));
  for (const row of rows) found[row.b].push(Number(row.id));
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
  const [row] = await queryRows<Record<string, number>>(
    db,
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
  const hits = (key: string) => Number(row?.[key] ?? 0);
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
  const [size] = await queryRows<{ n: number }>(
    db,
    sql`select greatest(reltuples, 0)::bigint as n from pg_class where oid = 'product_feedback'::regclass`,
  );
  const rowsInTable = Math.max(1, Number(size?.n ?? 0));
  const percent = Math.min(100, Math.max(0.01, (SEARCH_SAMPLE_ROWS / rowsInTable) * 100));
  const [sample] = await queryRows<{ hits: number; sampled: number }>(
    db,
    sql`select count(*) filter (where ${rowFilters(filters, sql`f`)} and (${sql.join(
      branches.map((b) => branchCondition(b, pattern)),
      sql` or `,
    )}))::int as hits, count(*)::int as sampled
          from product_feedback f tablesample system (${percent}::real) repeatable (37)`,
  );
  const sampled = Number(sample?.sampled ?? 0);
  return sampled ? Math.round((Number(sample?.hits ?? 0) / sampled) * rowsInTable) : 0;
}

const joins = sql`product_feedback f join products p on p.id = f.product_id join "user" u on u.id = f.user_id
                  left join profiles pr on pr.id = f.user_id`;

/**
 * The stat cards, from the counts the database keeps (migration 0030): a few rows per month of
 * reviews, exact at every read. Counted as the public sees them: reviews (no replies), not
 * hidden, by authors not suspended.
 */
export async function feedbackStats(db: Database): Promise<FeedbackStats> {
  const rows = await queryRows<{ rating: number; reviews: string | number; this_month: string | number; products: string | number }>(
    db,
    sql`select c.rating, sum(c.reviews)::bigint as reviews,
               coalesce(sum(c.reviews) filter (where c.month = date_trunc('month', now() at time zone 'UTC')::date), 0)::bigint as this_month,
               (select products_reviewed from feedback_review_totals where id = 1) as products
          from feedback_review_counts c group by c.rating`,
  );
  const counts: Record<number, number> = {};
  let total = 0;
  let sum = 0;
  let thisMonth = 0;
  for (const row of rows) {
    const reviews = Number(row.reviews);
    counts[Number(row.rating)] = (counts[Number(row.rating)] ?? 0) + reviews;
    total += reviews;
    sum += reviews * Number(row.rating);
    thisMonth += Number(row.this_month);
  }
  return {
    total,
    average: total ? Math.round((sum / total) * 10) / 10 : null,
    thisMonth,
    // With no counted review, no product is reviewed either.
    productsReviewed: rows.length ? Number(rows[0]!.products ?? 0) : 0,
    distribution: distribution(counts),
  };
}

interface ListRow {
  id: number;
  parent_id: number | null;
  product_id: number;
  product_name: string;
  slug: string;
  author: string | null;
  rating: number;
  comment: string;
  created_at: Date | string;
  hidden: boolean;
  suspended: boolean;
}

const listColumns = sql`f.id, f.parent_id, f.product_id, p.product_name, p.slug, coalesce(pr.username, u.name, u.email) as author,
                        f.rating, f.comment, f.created_at, f.hidden_at is not null as hidden, u.suspended_at is not null as suspended`;

function toRow(row: ListRow): FeedbackRow {
  const isReply = row.parent_id !== null;
  return {
    id: Number(row.id),
    parentId: isReply ? Number(row.parent_id) : null,
    productId: Number(row.product_id),
    productName: row.product_name,
    productSlug: row.slug,
    user: row.author ?? "",
    rating: isReply ? null : Number(row.rating),
    comment: row.comment,
    createdAt: new Date(row.created_at).toISOString(),
    hidden: Boolean(row.hidden),
    authorSuspended: Boolean(row.suspended),
  };
}

/** Counting stops here: past it the page says "10,000+" (an exact count of 1M rows costs more than the page). */
export const COUNT_CAP = 10_000;

export async function readFeedbackReports(db: Database, query: { filters: FeedbackFilters; page: number }): Promise<FeedbackReportsPage> {
  if (query.filters.q) return readSearch(db, query);
  const where = filterCondition(query.filters);
  // The count reads product_feedback alone: every filter is on its own columns.
  const [stats, [count]] = await Promise.all([
    feedbackStats(db),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from product_feedback f where ${where} limit ${COUNT_CAP + 1}) c`),
  ]);
  const counted = Number(count?.n ?? 0);
  const capped = counted > COUNT_CAP;
  const total = Math.min(counted, COUNT_CAP);
  const pageCount = Math.max(1, Math.ceil(total / FEEDBACK_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = total
    ? await queryRows<ListRow>(
        db,
        // The page's ids first (the offset skips index entries, not joined rows), then its 10 rows.
        sql`with shown as (select f.id from product_feedback f where ${where}
                           order by f.created_at desc, f.id desc limit ${FEEDBACK_PAGE_SIZE} offset ${(page - 1) * FEEDBACK_PAGE_SIZE})
            select ${listColumns} from shown s join (${joins}) on f.id = s.id order by f.created_at desc, f.id desc`,
      )
    : [];
  return { stats, rows: rows.map(toRow), total, capped, estimated: false, page, pageCount, filters: query.filters };
}

/**
 * A search: each branch's matches (comment, product name, author) are first collected by index,
 * at most SEARCH_EXACT_LIMIT + 1 per branch. When no branch reaches that, the count is exact and
 * the page is sorted from those ids alone. Otherwise the big branches are walked newest first
 * (the created_at index, testing one condition per row) for just the rows up to the page's end,
 * merged with the small branches' rows; the count is then an estimate, labelled as such.
 */
async function readSearch(db: Database, query: { filters: FeedbackFilters; page: number }): Promise<FeedbackReportsPage> {
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
    queryRows<ListRow>(
      db,
      sql`with candidates as (${candidates}),
               shown as (select id, created_at from candidates order by created_at desc, id desc
                         limit ${FEEDBACK_PAGE_SIZE} offset ${(page - 1) * FEEDBACK_PAGE_SIZE})
          select ${listColumns} from shown s join (${joins}) on f.id = s.id order by f.created_at desc, f.id desc`,
    );
  const smallRows = sql`select f.id, f.created_at from product_feedback f where f.id = any(${intArray(small)})`;
  if (!big.length) {
    const total = small.length;
    const pageCount = Math.max(1, Math.ceil(total / FEEDBACK_PAGE_SIZE));
    const page = Math.min(query.page, pageCount);
    const rows = total ? await pageRows(page, smallRows) : [];
    return { stats, rows: rows.map(toRow), total, capped: false, estimated: false, page, pageCount, filters };
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
  return { stats, rows: rows.map(toRow), total, capped: true, estimated: true, page, pageCount, filters };
}

export type ModerationResult = { ok: true; slug: string } | { ok: false; status: 404; message: string };

/**
 * Hides, shows again or deletes one review or reply (a review's replies go with it), with its audit
 * entry, in one transaction; the database's triggers update the product's comment count in it.
 */
export async function moderateFeedback(db: Database, actor: Actor, intent: ModerationIntent, id: number): Promise<ModerationResult> {
  const result = await db.transaction(async (tx) => {
    const [row] = await queryRows<{
      id: number;
      parent_id: number | null;
      product_id: number;
      user_id: string;
      rating: number;
      comment: string;
      hidden_at: Date | string | null;
      slug: string;
      product_name: string;
      replies: number;
    }>(
      tx,
      sql`select f.id, f.parent_id, f.product_id, f.user_id, f.rating, f.comment, f.hidden_at, p.slug, p.product_name,
                 (select count(*)::int from product_feedback r where r.parent_id = f.id) as replies
          from product_feedback f join products p on p.id = f.product_id
          where f.id = ${id} for update of f`,
    );
    if (!row) return null;
    const kind = row.parent_id === null ? "Review" : "Reply";
    const summary = `${kind} #${row.id} on ${row.product_name}`;
    const before = row.hidden_at === null ? null : new Date(row.hidden_at).toISOString();
    if (intent === "delete") {
      await tx.execute(sql`delete from product_feedback where id = ${id}`);
      await recordAudit(tx, actor, {
        action: "feedback.delete",
        entityType: "feedback",
        entityId: id,
        summary,
        changes: {
          product_id: Number(row.product_id),
          parent_id: row.parent_id === null ? null : Number(row.parent_id),
          user_id: row.user_id,
          rating: Number(row.rating),
          comment: row.comment,
          replies_deleted: Number(row.replies),
        },
      });
    } else {
      const [updated] = await queryRows<{ hidden_at: Date | string | null }>(
        tx,
        intent === "hide"
          ? sql`update product_feedback set hidden_at = coalesce(hidden_at, now()) where id = ${id} returning hidden_at`
          : sql`update product_feedback set hidden_at = null where id = ${id} returning hidden_at`,
      );
      const after = updated?.hidden_at ? new Date(updated.hidden_at).toISOString() : null;
      await recordAudit(tx, actor, {
        action: intent === "hide" ? "feedback.hide" : "feedback.unhide",
        entityType: "feedback",
        entityId: id,
        summary,
        changes: { hidden_at: { before, after } },
      });
    }
    return row.slug;
  });
  if (result === null) return { ok: false, status: 404, message: FEEDBACK_REPORT_MESSAGES.notFound };
  await invalidate(["lists", productTag(result)]);
  return { ok: true, slug: result };
}

// ---- Route handlers ----

export async function feedbackReportsLoader(request: Request, context: unknown) {
  await requireAdmin(request, context);
  return readFeedbackReports(getDb(), parseFeedbackQuery(new URL(request.url).searchParams));
}

function parseId(value: FormDataEntryValue | null): number | null {
  return typeof value === "string" && /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

export async function feedbackReportsAction(request: Request, context: unknown) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request, context);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ error: "The request body could not be read." }, { status: 400 });
  }
  const intent = form.get("intent");
  const id = parseId(form.get("id"));
  if (typeof intent !== "string" || !(MODERATION_INTENTS as readonly string[]).includes(intent) || id === null) {
    throw data({ error: FEEDBACK_REPORT_MESSAGES.invalid }, { status: 400 });
  }
  const result = await moderateFeedback(getDb(), admin, intent as ModerationIntent, id);
  const url = new URL(request.url);
  const back = `/admin/feedback-reports${url.search}`;
  if (!result.ok) {
    return redirect(back, { status: 303, headers: { "Set-Cookie": await setFlash({ kind: "error", message: result.message }) } });
  }
  const message = intent === "hide" ? FEEDBACK_REPORT_MESSAGES.hidden : intent === "unhide" ? FEEDBACK_REPORT_MESSAGES.unhidden : FEEDBACK_REPORT_MESSAGES.deleted;
  return redirect(back, { status: 303, headers: { "Set-Cookie": await setFlash({ kind: "success", message }) } });
}

// ---- CSV export ----

export const EXPORT_BATCH_SIZE = 5000;

/**
 * `csvCell` (feedback-reports.ts) in SQL, for a text column of the export's batch: '' for null or
 * empty; a leading apostrophe before = + - @ tab CR; RFC 4180 quotes when the cell holds a quote,
 * a comma, CR or LF. The integration tests compare its lines with `csvRow`'s for awkward values.
 */
function csvTextCell(column: string): SQL {
  const v = sql.raw(column);
  return sql`(case when ${v} is null or ${v} = '' then ''
                   when left(${v}, 1) in ('=', '+', '-', '@', chr(9), chr(13))
                     then case when ${v} ~ '[",\r\n]' then '"''' || replace(${v}, '"', '""') || '"' else '''' || ${v} end
                   when ${v} ~ '[",\r\n]' then '"' || replace(${v}, '"', '""') || '"'
                   else ${v} end)`;
}

/**
 * The filtered feedback as CSV, newest first, read in keyset batches (`f.id < last`), with the names
 * each row keeps of its product and author (migration 0033, kept by triggers). The database
 * writes each batch's lines (cells escaped as `csvCell` does, the date in ISO 8601 UTC) and joins
 * them into one text, so Node handles one string per batch rather than an object per row. The next
 * batch is asked for while this one is sent, so the database and Node work at the same time;
 * memory stays at two batches whatever the number of rows.
 */
export function feedbackCsvStream(db: Database, filters: FeedbackFilters, batchSize = EXPORT_BATCH_SIZE, onBatch?: (rows: number) => void) {
  const where = filterCondition(filters);
  const encoder = new TextEncoder();
  const line = sql.join(
    [sql`b.id::text`, csvTextCell("b.product"), csvTextCell("b.author"), sql`b.rating`, csvTextCell("b.comment"), sql`b.created || chr(13) || chr(10)`],
    sql` || ',' || `,
  );
  const fetchBatch = async (after: number | null) => {
    const [batch] = await queryRows<{ n: number; last: number | null; chunk: string | null }>(
      db,
      sql`select count(*)::int as n, min(b.id)::int as last, string_agg(${line}, '' order by b.id desc) as chunk
          from (select f.id, f.product_name as product, f.author_name as author,
                       case when f.parent_id is null then f.rating::text else '' end as rating, f.comment,
                       to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created
                  from product_feedback f where ${where} ${after === null ? sql`` : sql`and f.id < ${after}`}
                 order by f.id desc limit ${batchSize}) b`,
    );
    return { n: Number(batch?.n ?? 0), last: batch?.last == null ? null : Number(batch.last), chunk: batch?.chunk ?? "" };
  };
  type Batch = Awaited<ReturnType<typeof fetchBatch>>;
  let next: Promise<Batch> | null = null;
  let headerSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          next = fetchBatch(null);
          next.catch(() => {}); // reported by the next pull; never unhandled if the reader leaves
          controller.enqueue(encoder.encode("\uFEFF" + csvRow([...EXPORT_COLUMNS])));
          return;
        }
        if (!next) {
          controller.close();
          return;
        }
        const batch = await next;
        next = null;
        onBatch?.(batch.n);
        if (batch.n === batchSize && batch.last !== null) {
          next = fetchBatch(batch.last);
          next.catch(() => {});
        }
        if (batch.chunk) controller.enqueue(encoder.encode(batch.chunk));
        if (!next) controller.close();
      },
      cancel() {
        next = null;
      },
    },
    { highWaterMark: 0 },
  );
}

export async function feedbackCsvLoader(request: Request, context: unknown) {
  await requireAdmin(request, context);
  const { filters } = parseFeedbackQuery(new URL(request.url).searchParams);
  return new Response(feedbackCsvStream(getDb(), filters), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName()}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
