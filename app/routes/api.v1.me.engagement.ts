import type { Route } from "./+types/api.v1.me.engagement";
import { handleViewerEngagement } from "~/features/engagement/requests.server";
import { jsonError } from "~/lib/api.server";

/** GET ?ids=1,2,3: which of these products the signed-in user upvoted and saved, with their counts. */
export function loader({ request }: Route.LoaderArgs) {
  return handleViewerEngagement(request);
}

export function action() {
  return jsonError("Method not allowed", 405);
}
