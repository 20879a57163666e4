import type { Route } from "./+types/admin.suggestions";
import { adminMeta } from "~/components/admin/meta";
import { adminAction, adminLoader } from "~/domain/auth/admin-route.server";
import { SuggestionsPage } from "~/features/moderation/components/suggestions-page";
import { suggestionsAction, suggestionsLoader } from "~/features/moderation/requests/submission-queues.server";

export const meta = adminMeta("User Suggestions");

export const loader = adminLoader(suggestionsLoader);

export const action = adminAction(suggestionsAction);

export default function UserSuggestions({ loaderData }: Route.ComponentProps) {
  return <SuggestionsPage list={loaderData.list} />;
}
