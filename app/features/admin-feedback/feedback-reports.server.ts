/**
 * Feedback Reports (decision 046): the page's read and the route's loader and action. The filters'
 * SQL is in feedback-filters, a search in feedback-search, the stat cards in feedback-stats,
 * moderation in feedback-moderation and the CSV export in feedback-export.
 */
import { sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
import { col, selectRow } from "~/db/rows.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { setFlash } from "~/domain/flash.server";
import { assertSameOrigin } from "~/lib/http/origin.server";
import {
  FEEDBACK_PAGE_SIZE,
  FEEDBACK_REPORT_MESSAGES,
  MODERATION_INTENTS,
  parseFeedbackQuery,
  type FeedbackFilters,
  type FeedbackReportsPage,
  type ModerationIntent,
} from "./feedback-reports";
import { filterCondition } from "./feedback-filters.server";
import { moderateFeedback } from "./feedback-moderation.server";
import { readShownRows } from "./feedback-rows.server";
import { readSearch } from "./feedback-search.server";
import { feedbackStats } from "./feedback-stats.server";

/** Counting stops here: past it the page says "10,000+" (an exact count of 1M rows costs more than the page). */
export const COUNT_CAP = 10_000;

export async function readFeedbackReports(db: Database, query: { filters: FeedbackFilters; page: number }): Promise<FeedbackReportsPage> {
  if (query.filters.q) return readSearch(db, query);
  const where = filterCondition(query.filters);
  // The count reads product_feedback alone: every filter is on its own columns.
  const [stats, count] = await Promise.all([
    feedbackStats(db),
    selectRow(db, z.object({ n: col.int }), sql`select count(*)::int as n from (select 1 from product_feedback f where ${where} limit ${COUNT_CAP + 1}) c`),
  ]);
  const counted = count?.n ?? 0;
  const capped = counted > COUNT_CAP;
  const total = Math.min(counted, COUNT_CAP);
  const pageCount = Math.max(1, Math.ceil(total / FEEDBACK_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = total
    ? await readShownRows(
        db,
        // The page's ids first (the offset skips index entries, not joined rows), then its 10 rows.
        sql`shown as (select f.id from product_feedback f where ${where}
                      order by f.created_at desc, f.id desc limit ${FEEDBACK_PAGE_SIZE} offset ${(page - 1) * FEEDBACK_PAGE_SIZE})`,
      )
    : [];
  return { stats, rows, total, capped, estimated: false, page, pageCount, filters: query.filters };
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

