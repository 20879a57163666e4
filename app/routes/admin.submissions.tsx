import type { Route } from "./+types/admin.submissions";
import { requireAdmin } from "~/domain/auth/session.server";
import { SubmissionsPage } from "~/features/moderation/components/submissions-page";
import { submissionsAction, submissionsLoader } from "~/features/moderation/requests/submission-queues.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Product Submissions | ${siteName} Admin` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return submissionsLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireAdmin(request, context);
  return submissionsAction(request, context);
}

export default function ProductSubmissions({ loaderData }: Route.ComponentProps) {
  return <SubmissionsPage list={loaderData.list} />;
}
