import type { Route } from "./+types/products.$id.bookmark";
import { handleToggleForm } from "~/features/engagement/requests.server";

/** POST `on=true|false`: the save button as a plain HTML form, for a page without JavaScript (decision 082). */
export function action({ request, params }: Route.ActionArgs) {
  return handleToggleForm(request, params.id, "bookmark");
}

/** Reads answer 405: only the form posts here. */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleToggleForm(request, params.id, "bookmark");
}
