/**
 * The requests of /admin/users (decision 044): the admin gate, the same-origin check on writes,
 * the query and the form read defensively, and the answers (a redirect back with a toast, or the
 * refusal with its message and status). The route only calls these.
 */
import { data, redirect } from "react-router";
import { getDb } from "~/db/registry.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { setFlash } from "~/domain/flash.server";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { parseUserFilters, parseUserId, USER_MESSAGES } from "./admin-users";
import { setSuspended } from "./mutations.server";
import { listUsers, userDetails } from "./queries.server";

export async function usersLoader(request: Request, context: unknown) {
  const admin = await requireAdmin(request, context);
  const filters = parseUserFilters(new URL(request.url).searchParams);
  const db = getDb();
  const [list, details] = await Promise.all([listUsers(db, filters), filters.user ? userDetails(db, filters.user) : null]);
  return { filters: { ...filters, page: list.page }, list, details, adminId: admin.id };
}

export type UsersActionData = { error: string };

function refuse(error: string, status: 400 | 403 | 404) {
  return data<UsersActionData>({ error }, { status });
}

export async function usersAction(request: Request, context: unknown) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request, context);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse(USER_MESSAGES.unknownAction, 400);
  }
  const intent = form.get("intent");
  if (intent !== "suspend" && intent !== "restore") return refuse(USER_MESSAGES.unknownAction, 400);
  const userId = parseUserId(form.get("userId"));
  if (!userId) return refuse(USER_MESSAGES.notFound, 404);
  const result = await setSuspended(getDb(), admin, userId, intent === "suspend");
  if (!result.ok) return refuse(result.error, result.status);
  const url = new URL(request.url);
  const message = intent === "suspend" ? USER_MESSAGES.suspended(result.name) : USER_MESSAGES.restored(result.name);
  return redirect(`${url.pathname}${url.search}`, { headers: { "Set-Cookie": await setFlash({ kind: "success", message }) } });
}
