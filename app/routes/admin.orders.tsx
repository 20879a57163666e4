import type { Route } from "./+types/admin.orders";
import { auditLogLoader } from "~/features/audit-log/audit-log-page.server";
import { AuditLogPage } from "~/features/audit-log/components/audit-log-page";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Orders | ${siteName} Admin` }, { name: "robots", content: "noindex" }];
}

/** Read-only: every admin write, newest first, filtered by the query string. */
export function loader({ request, context }: Route.LoaderArgs) {
  return auditLogLoader(request, context);
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  return <AuditLogPage {...loaderData} />;
}
