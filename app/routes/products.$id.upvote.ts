import type { Route } from "./+types/products.$id.upvote";
import { handleToggleForm } from "~/features/engagement/requests.server";

/** POST `on=true|false`: the upvote button as a plain HTML form, for a page without JavaScript (decision 082). */
export function action({ request, params }: Route.ActionArgs) {
  return handleToggleForm(request, params.id, "upvote");
}

/** Reads answer 405: only the form posts here. */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleToggleForm(request, params.id, "upvote");
}
