import { data } from "react-router";
import type { Route } from "./+types/report-product";
import { requireUser } from "~/domain/auth/session.server";
import { ReportForm } from "~/features/reports/components/report-form";
import { reportAction, reportPageLoader } from "~/features/reports/requests.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Report a Listing | ${siteName}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { page, status } = await reportPageLoader(request, user);
  return data({ page }, { status });
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  return reportAction(request, user);
}

export default function ReportProductPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ReportForm page={loaderData.page} errors={actionData?.errors} />;
}
