import type { Route } from "./+types/admin.reports";
import { requireAdmin } from "~/domain/auth/session.server";
import { ReportsQueue } from "~/features/reports/components/reports-queue";
import { adminReportsAction, adminReportsLoader } from "~/features/reports/requests.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Reports | ${siteName} Admin` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return adminReportsLoader(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request, context);
  return adminReportsAction(request, admin);
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  return <ReportsQueue {...loaderData} />;
}
