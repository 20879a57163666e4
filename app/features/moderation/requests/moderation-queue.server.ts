/**
 * /admin/moderation's loader and action: the admin gate, the form's parsing and the answers
 * (a redirect with a toast, or a message with 400/404/409). The route only calls these.
 */
import { data, redirect } from "react-router";
import { getDb } from "~/db/registry.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { setFlash } from "~/domain/flash.server";
import { parseForm } from "~/lib/forms";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { logger } from "~/lib/logger.server";
import { alreadyDecided, decisionSchema, MODERATION_MESSAGES, parsePage, parseQueueTab, type DecisionErrors } from "../moderation";
import { decideClaim, decideRevision, type DecisionResult } from "../mutations/moderation-queue.server";
import { listPendingClaims, listPendingRevisions, pendingCounts } from "../queries/moderation-queue.server";

export async function moderationLoader(request: Request, context: unknown) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const tab = parseQueueTab(url.searchParams.get("tab"));
  const page = parsePage(url.searchParams.get("page"));
  const db = getDb();
  const counts = await pendingCounts(db);
  if (tab === "claims") return { tab, counts, claims: await listPendingClaims(db, page), revisions: null };
  return { tab, counts, revisions: await listPendingRevisions(db, page), claims: null };
}

export type ModerationActionData = { errors: DecisionErrors };

function refuse(message: string, status: number, field: keyof DecisionErrors = "form") {
  return data<ModerationActionData>({ errors: { [field]: message } }, { status });
}

async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data<ModerationActionData>({ errors: { form: MODERATION_MESSAGES.unknownAction } }, { status: 400 });
  }
}

function answer(result: DecisionResult, kind: "revision" | "claim") {
  switch (result.kind) {
    case "not-found":
      return refuse(kind === "revision" ? MODERATION_MESSAGES.revisionNotFound : MODERATION_MESSAGES.claimNotFound, 404);
    case "already":
      return refuse(alreadyDecided(kind, result.status), 409);
    case "stale":
      return refuse(MODERATION_MESSAGES.revisionStale, 409);
    case "invalid":
      return refuse(`${MODERATION_MESSAGES.revisionInvalid} (${result.fields.join(", ")})`, 400);
    case "done":
      return null;
  }
}

/** Approve or reject a revision or a claim; success goes back to the same queue page with a toast. */
export async function moderationAction(request: Request, context: unknown) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request, context);
  const parsed = parseForm(decisionSchema, await readForm(request));
  if (!parsed.ok) {
    const [field, message] = Object.entries(parsed.errors)[0] ?? ["form", MODERATION_MESSAGES.unknownAction];
    return refuse(message ?? MODERATION_MESSAGES.unknownAction, field === "id" ? 404 : 400, field === "reason" ? "reason" : "form");
  }
  const { intent, reason, version } = parsed.data;
  const id = Number(parsed.data.id);
  if (id > 2_147_483_647) return refuse(MODERATION_MESSAGES.badId, 404);
  const kind = intent.endsWith("revision") ? "revision" : "claim";
  const approve = intent.startsWith("approve");

  let result: DecisionResult;
  try {
    result =
      kind === "revision"
        ? await decideRevision(getDb(), admin, { id, approve, version: version || null, reason: approve ? null : reason })
        : await decideClaim(getDb(), admin, { id, approve, reason: approve ? null : reason });
  } catch (error) {
    logger().error({ err: error, intent, id }, "moderation decision failed");
    return refuse(MODERATION_MESSAGES.failed, 503);
  }
  const refused = answer(result, kind);
  if (refused) return refused;

  const message =
    kind === "revision"
      ? approve
        ? MODERATION_MESSAGES.revisionApproved
        : MODERATION_MESSAGES.revisionRejected
      : approve
        ? MODERATION_MESSAGES.claimApproved
        : MODERATION_MESSAGES.claimRejected;
  const url = new URL(request.url);
  const back = new URLSearchParams();
  back.set("tab", kind === "revision" ? "revisions" : "claims");
  const page = parsePage(url.searchParams.get("page"));
  if (page > 1) back.set("page", String(page));
  return redirect(`/admin/moderation?${back}`, { headers: { "Set-Cookie": await setFlash({ kind: "success", message }) } });
}
