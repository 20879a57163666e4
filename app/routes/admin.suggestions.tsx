import type { Route } from "./+types/admin.suggestions";
import { requireAdmin } from "~/domain/auth/session.server";
import { SuggestionsPage } from "~/features/moderation/components/suggestions-page";
import { suggestionsAction, suggestionsLoader } from "~/features/moderation/requests/submission-queues.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `User Suggestions | ${siteName} Admin` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return suggestionsLoader(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireAdmin(request, context);
  return suggestionsAction(request, context);
}

export default function UserSuggestions({ loaderData }: Route.ComponentProps) {
  return <SuggestionsPage list={loaderData.list} />;
}
