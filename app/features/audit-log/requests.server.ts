/** /admin/audit's loader: the admin gate, then the log as the query string filters it. */
import { getDb } from "~/db/registry.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { parseAuditQuery } from "./audit-log";
import { readAuditLog } from "./queries.server";

export async function auditLogLoader(request: Request, context: unknown) {
  await requireAdmin(request, context);
  return readAuditLog(getDb(), parseAuditQuery(new URL(request.url).searchParams));
}
