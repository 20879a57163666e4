import type { Route } from "./+types/admin.audit";
import { adminMeta } from "~/components/admin/meta";
import { adminLoader } from "~/domain/auth/admin-route.server";
import { auditLogLoader } from "~/features/audit-log/requests.server";
import { AuditLogPage } from "~/features/audit-log/components/audit-log-page";

export const meta = adminMeta("Audit Log");

/** Read-only: every admin write, newest first, filtered by the query string. */
export const loader = adminLoader(auditLogLoader);

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  return <AuditLogPage {...loaderData} />;
}
