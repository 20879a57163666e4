/**
 * Feedback Reports (decision 046): statistics, the filtered table, hiding/unhiding/deleting abusive
 * reviews and replies (one transaction with its audit entry), and the streamed CSV export.
 */
import { sql, type SQL } from "drizzle-orm";
import { data, redirect } from "react-router";
import { invalidate, productTag } from "~/db/cache-bus.server";
import { queryRows, type Database } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
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
  MODERATION_INTENTS,
  parseFeedbackQuery,
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

/** The filters as a condition on f (product_feedback), p (products), u ("user"), pr (profiles). */
export function filterCondition(filters: FeedbackFilters): SQL {
  const parts: SQL[] = [filters.kind === "replies" ? sql`f.parent_id is not null` : sql`f.parent_id is null`];
  if (filters.rating) parts.push(sql`f.rating = ${filters.rating}`);
  if (filters.q) {
    const pattern = likePattern(filters.q);
    // Each branch can use an index (trigram on the comment and on lower(product_name), the
    // feedback's product and user indexes), which one OR across the joined tables could not.
    parts.push(
      sql`f.id in (
            select x.id from product_feedback x where x.comment ilike ${pattern}
            union
            select x.id from product_feedback x
              where x.product_id in (select pp.id from products pp where lower(pp.product_name) like lower(${pattern}))
            union
            select x.id from product_feedback x
              where x.user_id in (select uu.id from "user" uu where uu.name ilike ${pattern} or uu.email ilike ${pattern}
                                  union select pf.id from profiles pf where pf.username ilike ${pattern}))`,
    );
  }
  return sql.join(parts, sql` and `);
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
  const where = filterCondition(query.filters);
  // Without a search the joins add nothing to a count (every row has its product and user).
  const from = query.filters.q ? joins : sql`product_feedback f`;
  const [stats, [count]] = await Promise.all([
    cachedStats(db),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from ${from} where ${where} limit ${COUNT_CAP + 1}) c`),
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
  return { stats, rows: rows.map(toRow), total, capped, page, pageCount, filters: query.filters };
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

/**
 * The filtered feedback as CSV, newest first, read in keyset batches (`f.id < last`) only when the
 * reader asks for more: memory stays at one batch whatever the number of rows.
 */
export function feedbackCsvStream(db: Database, filters: FeedbackFilters, batchSize = EXPORT_BATCH_SIZE, onBatch?: (rows: number) => void) {
  const where = filterCondition(filters);
  const encoder = new TextEncoder();
  let last: number | null = null;
  let headerSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode("\uFEFF" + csvRow([...EXPORT_COLUMNS])));
          return;
        }
        const after = last === null ? sql`` : sql`and f.id < ${last}`;
        const rows = await queryRows<ExportRow>(
          db,
          sql`select f.id, p.product_name, coalesce(pr.username, u.name) as author, f.rating, f.parent_id, f.comment,
                     to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created
              from ${joins} where ${where} ${after} order by f.id desc limit ${batchSize}`,
        );
        onBatch?.(rows.length);
        if (!rows.length) {
          controller.close();
          return;
        }
        last = Number(rows.at(-1)!.id);
        let chunk = "";
        for (const r of rows) {
          chunk += csvRow([
            Number(r.id),
            r.product_name,
            r.author ?? "",
            r.parent_id === null ? Number(r.rating) : "",
            r.comment,
            r.created,
          ]);
        }
        controller.enqueue(encoder.encode(chunk));
        if (rows.length < batchSize) controller.close();
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
