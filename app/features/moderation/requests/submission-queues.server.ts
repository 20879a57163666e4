/**
 * The requests of /admin/submissions and /admin/suggestions: the admin gate, the same-origin
 * check, reading the query and the forms, and the answers (a redirect back with a toast, or the
 * refusal with its message and status). The routes only call these.
 */
import { data, redirect } from "react-router";
import { getDb } from "~/db/registry.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { setFlash, type Flash } from "~/domain/flash.server";
import { assertSameOrigin } from "~/lib/http/origin.server";
import type { Database } from "~/db/client.server";
import type { Actor } from "~/domain/audit/audit.server";
import { logger } from "~/lib/logger.server";
import { SUBMISSION_MESSAGES as MESSAGES, parseId, parseIds, parseReason, parseSubmissionsPage } from "../moderation";
import { approveSubmission, convertSuggestion, deleteSubmissions, deleteSuggestions, rejectSubmission, rejectSuggestion } from "../mutations/submission-queues.server";
import { listSubmissions, listSuggestions } from "../queries/submission-queues.server";

export type ActionError = { error: string };

async function redirectWithFlash(to: string, flash: Flash) {
  return redirect(to, { headers: { "Set-Cookie": await setFlash(flash) } });
}

function refuse(error: string, status: 400 | 404 = 400) {
  return data<ActionError>({ error }, { status });
}

async function readForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

function samePage(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

export async function submissionsLoader(request: Request, context: unknown) {
  await requireAdmin(request, context);
  const list = await listSubmissions(getDb(), parseSubmissionsPage(new URL(request.url).searchParams.get("page")));
  return { list };
}

export async function suggestionsLoader(request: Request, context: unknown) {
  await requireAdmin(request, context);
  const list = await listSuggestions(getDb(), parseSubmissionsPage(new URL(request.url).searchParams.get("page")));
  return { list };
}

/** What an action on one row of a queue has to work with. */
interface RowAction {
  db: Database;
  admin: Actor;
  form: FormData;
  intent: FormDataEntryValue | null;
  /** The page the admin acted on, to go back to. */
  back: string;
}

/** One queue's actions: Delete Selected on its rows, and the decisions on one row. */
interface Queue {
  what: "submissions" | "suggestions";
  remove: (db: Database, admin: Actor, ids: number[]) => Promise<number>;
  deleted: (count: number) => string;
  decide: (action: RowAction) => Promise<Response | ReturnType<typeof refuse>>;
}

/**
 * A queue's action: the same-origin check, the admin gate, the form, then Delete Selected (the
 * ids checked, one transaction, the spec's toasts) or the queue's decision on one row.
 */
async function queueAction(request: Request, context: unknown, queue: Queue) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  if (!form) return refuse(MESSAGES.badSelection);
  const intent = form.get("intent");
  const back = samePage(request);
  const db = getDb();
  if (intent !== "delete") return queue.decide({ db, admin, form, intent, back });

  const parsed = parseIds(form.getAll("ids"));
  if (!parsed.ok) return refuse(parsed.error);
  let deleted;
  try {
    deleted = await queue.remove(db, admin, parsed.ids);
  } catch (error) {
    logger().error({ err: error, ids: parsed.ids.length }, `deleting ${queue.what} failed`);
    return redirectWithFlash(back, { kind: "error", message: MESSAGES.deleteFailed });
  }
  if (!deleted) return refuse(MESSAGES.noneFound, 404);
  return redirectWithFlash(back, { kind: "success", message: queue.deleted(deleted) });
}

/** Approve or reject one submission (with `id`, optional `reason`). */
async function decideSubmission({ db, admin, form, intent, back }: RowAction) {
  if (intent !== "approve" && intent !== "reject") return refuse(MESSAGES.unknownAction);
  const id = parseId(form.get("id"));
  if (id === null) return refuse(MESSAGES.notFound, 404);
  const reason = parseReason(form.get("reason"));
  if (!reason.ok) return refuse(reason.error);
  let result;
  try {
    result = intent === "approve" ? await approveSubmission(db, admin, id) : await rejectSubmission(db, admin, id, reason.reason);
  } catch (error) {
    logger().error({ err: error, intent, id }, "processing a submission failed");
    return redirectWithFlash(back, { kind: "error", message: MESSAGES.processFailed });
  }
  if (!result.ok) return refuse(MESSAGES.notFound, 404);
  return redirectWithFlash(back, { kind: "success", message: intent === "approve" ? MESSAGES.approved(result.name) : MESSAGES.rejected(result.name) });
}

/** Convert one suggestion into a draft product (then its product form) or reject it (with `id`). */
async function decideSuggestion({ db, admin, form, intent, back }: RowAction) {
  if (intent !== "convert" && intent !== "reject") return refuse(MESSAGES.unknownAction);
  const id = parseId(form.get("id"));
  if (id === null) return refuse(MESSAGES.suggestionNotFound, 404);
  try {
    if (intent === "reject") {
      if (!(await rejectSuggestion(db, admin, id))) return refuse(MESSAGES.suggestionNotFound, 404);
      return redirectWithFlash(back, { kind: "success", message: MESSAGES.suggestionRejected });
    }
    const converted = await convertSuggestion(db, admin, id);
    if (!converted.ok) return refuse(MESSAGES.suggestionNotFound, 404);
    return redirectWithFlash(`/admin/products/edit/${converted.id}`, { kind: "success", message: MESSAGES.converted });
  } catch (error) {
    logger().error({ err: error, intent, id }, "processing a suggestion failed");
    return redirectWithFlash(back, { kind: "error", message: MESSAGES.processFailed });
  }
}

/** intent approve | reject (with `id`, optional `reason`) | delete (with repeated `ids`). */
export function submissionsAction(request: Request, context: unknown) {
  return queueAction(request, context, { what: "submissions", remove: deleteSubmissions, deleted: MESSAGES.deleted, decide: decideSubmission });
}

/** intent convert | reject (with `id`) | delete (with repeated `ids`). */
export function suggestionsAction(request: Request, context: unknown) {
  return queueAction(request, context, { what: "suggestions", remove: deleteSuggestions, deleted: MESSAGES.suggestionsDeleted, decide: decideSuggestion });
}
