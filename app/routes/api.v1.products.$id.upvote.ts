import type { Route } from "./+types/api.v1.products.$id.upvote";
import { handleToggle } from "~/features/engagement/requests.server";
import { jsonError } from "~/lib/api.server";

/** PUT upvotes, DELETE withdraws the upvote: `{ upvoted, upvotes, changed }` for the signed-in user. */
export function action({ request, params }: Route.ActionArgs) {
  return handleToggle(request, params.id, "upvote");
}

export function loader() {
  return jsonError("Method not allowed", 405);
}
