import type { Route } from "./+types/admin.audit";
import { auditLogLoader } from "~/features/audit-log/requests.server";
import { AuditLogPage } from "~/features/audit-log/components/audit-log-page";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Audit Log | ${siteName} Admin` }, { name: "robots", content: "noindex" }];
}

/** Read-only: every admin write, newest first, filtered by the query string. */
export function loader({ request, context }: Route.LoaderArgs) {
  return auditLogLoader(request, context);
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  return <AuditLogPage {...loaderData} />;
}
