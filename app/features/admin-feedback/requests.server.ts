/**
 * Feedback Reports (decision 046): the route handlers. The page's read is in queries/ (filters,
 * search, stat cards, the CSV export), moderation in mutations.server.ts.
 */
import { data, redirect } from "react-router";
import { getDb } from "~/db/registry.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { setFlash } from "~/domain/flash.server";
import { readForm } from "~/lib/http/form-body";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { exportFileName, FEEDBACK_REPORT_MESSAGES, MODERATION_INTENTS, parseFeedbackQuery, type ModerationIntent } from "./admin-feedback";
import { moderateFeedback } from "./mutations.server";
import { feedbackCsvStream } from "./queries/export.server";
import { readFeedbackReports } from "./queries/reports.server";

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
  const form = await readForm(request);
  if (!form) throw data({ error: "The request body could not be read." }, { status: 400 });
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

/** GET /admin/feedback-reports/export.csv: the filtered list as a CSV download, streamed. */
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
