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
  csvCell,
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

/** Public: not hidden, author not suspended (the same rule as the product page and product_stats). */
const visible = sql`f.hidden_at is null and u.suspended_at is null`;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The kind and rating filters on one feedback row (alias `x`). */
function rowFilters(filters: FeedbackFilters, x: SQL): SQL {
  const parts: SQL[] = [filters.kind === "replies" ? sql`${x}.parent_id is not null` : sql`${x}.parent_id is null`];
  if (filters.rating) parts.push(sql`${x}.rating = ${filters.rating}`);
  return sql.join(parts, sql` and `);
}

/**
 * Whether a row (f, p, u, pr joined) matches the search: its comment, its product's name, or its
 * author's name, e-mail or username contain the text (the export walks the rows with it).
 */
function searchMatch(pattern: string): SQL {
  return sql`(f.comment ilike ${pattern} or lower(p.product_name) like lower(${pattern})
              or lower(u.name) like lower(${pattern}) or lower(u.email) like lower(${pattern}) or lower(pr.username) like lower(${pattern}))`;
}

/** The filters as a condition on f (product_feedback), p (products), u ("user"), pr (profiles). */
export function filterCondition(filters: FeedbackFilters): SQL {
  const parts: SQL[] = [rowFilters(filters, sql`f`)];
  if (filters.q) parts.push(searchMatch(likePattern(filters.q)));
  return sql.join(parts, sql` and `);
}

/** A search is counted exactly up to this many matches; beyond, the count is a labelled estimate. */
export const SEARCH_EXACT_LIMIT = 1_000;
/** Rows of the block sample behind a search's estimate. */
const SEARCH_SAMPLE_ROWS = 2_000;

type Branch = "comment" | "product" | "author";
const BRANCHES: Branch[] = ["comment", "product", "author"];

/** Each search branch as a condition on one feedback row `f` (its product and author looked up by key). */
function branchCondition(branch: Branch, pattern: string): SQL {
  if (branch === "comment") return sql`f.comment ilike ${pattern}`;
  if (branch === "product") return sql`exists (select 1 from products pp where pp.id = f.product_id and lower(pp.product_name) like lower(${pattern}))`;
  return sql`(exists (select 1 from "user" uu where uu.id = f.user_id and (lower(uu.name) like lower(${pattern}) or lower(uu.email) like lower(${pattern})))
              or exists (select 1 from profiles pf where pf.id = f.user_id and lower(pf.username) like lower(${pattern})))`;
}

/**
 * Up to `limit` ids of the rows each search branch matches, each branch on its own index (the
 * comment's trigram index; products by the trigram index on lower(product_name); authors by the
 * trigram indexes on name, e-mail and username, then their feedback by user) and stopping at
 * `limit`: the cost follows the limit, not the number of matches. A branch that returns `limit`
 * ids has more ("big").
 */
async function boundedSearchIds(db: Database, filters: FeedbackFilters, limit: number): Promise<Record<Branch, number[]>> {
  const pattern = likePattern(filters.q);
  const x = sql`x`;
  const rows = await queryRows<{ b: Branch; id: number }>(
    db,
    sql`(select 'comment' as b, x.id from product_feedback x where x.comment ilike ${pattern} and ${rowFilters(filters, x)} limit ${limit})
        union all
        (select 'product', x.id from products pp join product_feedback x on x.product_id = pp.id
          where lower(pp.product_name) like lower(${pattern}) and ${rowFilters(filters, x)} limit ${limit})
        union all
        (select 'author', x.id from (select uu.id from "user" uu where lower(uu.name) like lower(${pattern})
                                     union select uu.id from "user" uu where lower(uu.email) like lower(${pattern})
                                     union select pf.id from profiles pf where lower(pf.username) like lower(${pattern})) a
           join product_feedback x on x.user_id = a.id
          where ${rowFilters(filters, x)} limit ${limit})`,
  );
  const found: Record<Branch, number[]> = { comment: [], product: [], author: [] };
  for (const row of rows) found[row.b].push(Number(row.id));
  return found;
}

/**
 * About how many rows the big branches match: the share of a repeatable block sample of
 * product_feedback passing them, times the table's size from the statistics, plus the rows of
 * the small branches (an overlap is counted twice: it is an estimate).
 */
async function estimateSearch(db: Database, filters: FeedbackFilters, big: Branch[], smallCount: number): Promise<number> {
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
      big.map((b) => branchCondition(b, pattern)),
      sql` or `,
    )}))::int as hits, count(*)::int as sampled
          from product_feedback f tablesample system (${percent}::real) repeatable (37)`,
  );
  const sampled = Number(sample?.sampled ?? 0);
  const estimate = sampled ? Math.round((Number(sample?.hits ?? 0) / sampled) * rowsInTable) : 0;
  return Math.max(SEARCH_EXACT_LIMIT + 1, estimate + smallCount);
}

const joins = sql`product_feedback f join products p on p.id = f.product_id join "user" u on u.id = f.user_id
                  left join profiles pr on pr.id = f.user_id`;

export async function feedbackStats(db: Database): Promise<FeedbackStats> {
  const [row] = await queryRows<{ total: number; average: string | null; this_month: number; products: number; counts: Record<string, number> | null }>(
    db,
    sql`select count(*)::int as total, avg(f.rating)::text as average,
               (count(*) filter (where f.created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'))::int as this_month,
               count(distinct f.product_id)::int as products,
               jsonb_build_object('1', count(*) filter (where f.rating = 1), '2', count(*) filter (where f.rating = 2),
                                  '3', count(*) filter (where f.rating = 3), '4', count(*) filter (where f.rating = 4),
                                  '5', count(*) filter (where f.rating = 5)) as counts
        from product_feedback f join "user" u on u.id = f.user_id
        where f.parent_id is null and ${visible}`,
  );
  const counts: Record<number, number> = {};
  for (const [rating, n] of Object.entries(row?.counts ?? {})) counts[Number(rating)] = Number(n);
  const total = Number(row?.total ?? 0);
  return {
    total,
    average: total && row?.average != null ? Math.round(Number(row.average) * 10) / 10 : null,
    thisMonth: Number(row?.this_month ?? 0),
    productsReviewed: Number(row?.products ?? 0),
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

/** Statistics are read at most once a minute per instance (and again after a moderation here). */
const STATS_TTL_MS = 60_000;
let statsMemo: { at: number; value: Promise<FeedbackStats> } | null = null;

export function forgetFeedbackStats() {
  statsMemo = null;
}

function cachedStats(db: Database): Promise<FeedbackStats> {
  const now = Date.now();
  if (!statsMemo || now - statsMemo.at > STATS_TTL_MS) {
    const value = feedbackStats(db);
    statsMemo = { at: now, value };
    value.catch(() => {
      if (statsMemo?.value === value) statsMemo = null;
    });
  }
  return statsMemo.value;
}

export async function readFeedbackReports(db: Database, query: { filters: FeedbackFilters; page: number }): Promise<FeedbackReportsPage> {
  if (query.filters.q) return readSearch(db, query);
  const where = filterCondition(query.filters);
  // Without a search the joins add nothing to a count (every row has its product and user).
  const [stats, [count]] = await Promise.all([
    cachedStats(db),
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
        sql`select ${listColumns} from ${joins} where ${where}
            order by f.created_at desc, f.id desc limit ${FEEDBACK_PAGE_SIZE} offset ${(page - 1) * FEEDBACK_PAGE_SIZE}`,
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
    return { stats: await cachedStats(db), rows: [], total: 0, capped: false, estimated: false, tooShort: true, page: 1, pageCount: 1, filters };
  }
  const limit = SEARCH_EXACT_LIMIT + 1;
  const [stats, found] = await Promise.all([cachedStats(db), boundedSearchIds(db, filters, limit)]);
  const big = BRANCHES.filter((b) => found[b].length >= limit);
  const small = [...new Set(BRANCHES.filter((b) => found[b].length < limit).flatMap((b) => found[b]))];
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
  const total = Math.min(await estimateSearch(db, filters, big, small.length), MAX_PAGE * FEEDBACK_PAGE_SIZE);
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
  forgetFeedbackStats();
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

interface ExportRow {
  id: number;
  product_name: string;
  author: string | null;
  rating: number;
  parent_id: number | null;
  comment: string;
  /** ISO 8601 in UTC, formatted by the database (no Date per row). */
  created: string;
}

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * `csvCell` (feedback-reports.ts) for a text cell, with the common case (no formula start, nothing
 * to quote) answered by one character test and one regex test.
 */
function textCell(value: string | null): string {
  if (!value) return "";
  const first = value.charCodeAt(0);
  // = + - @ tab CR
  if (first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13) return csvCell(value);
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The filtered feedback as CSV, newest first, read in keyset batches (`f.id < last`). The next
 * batch is asked for while this one is formatted and sent, so the database and Node work at the
 * same time; memory stays at two batches whatever the number of rows. Numbers and the ISO date
 * (made by the database) need no escaping; text cells go through the formula escape and quoting.
 */
export function feedbackCsvStream(db: Database, filters: FeedbackFilters, batchSize = EXPORT_BATCH_SIZE, onBatch?: (rows: number) => void) {
  const where = filterCondition(filters);
  const encoder = new TextEncoder();
  const fetchBatch = (after: number | null) =>
    queryRows<ExportRow>(
      db,
      sql`select f.id, p.product_name, coalesce(pr.username, u.name) as author, f.rating, f.parent_id, f.comment,
                 to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created
            from ${joins} where ${where} ${after === null ? sql`` : sql`and f.id < ${after}`} order by f.id desc limit ${batchSize}`,
    );
  let next: Promise<ExportRow[]> | null = null;
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
        const rows = await next;
        next = null;
        onBatch?.(rows.length);
        if (rows.length === batchSize) {
          next = fetchBatch(Number(rows.at(-1)!.id));
          next.catch(() => {});
        }
        let chunk = "";
        for (const r of rows) {
          chunk += `${r.id},${textCell(r.product_name)},${textCell(r.author)},${r.parent_id === null ? r.rating : ""},${textCell(r.comment)},${r.created}\r\n`;
        }
        if (chunk) controller.enqueue(encoder.encode(chunk));
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
