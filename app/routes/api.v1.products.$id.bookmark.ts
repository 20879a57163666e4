import type { Route } from "./+types/api.v1.products.$id.bookmark";
import { handleToggle } from "~/features/engagement/requests.server";
import { jsonError } from "~/lib/api.server";

/** PUT saves, DELETE removes the save: `{ bookmarked, bookmarks, changed }` for the signed-in user. */
export function action({ request, params }: Route.ActionArgs) {
  return handleToggle(request, params.id, "bookmark");
}

export function loader() {
  return jsonError("Method not allowed", 405);
}
