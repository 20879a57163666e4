import type { Route } from "./+types/api.v1.products.$id.view";
import { viewAction } from "~/features/stats/requests.server";
import { jsonError } from "~/lib/api.server";

/** POST /api/v1/products/{id}/view: a page view, sent as a beacon once the product page is interactive. */
export function action({ request, params }: Route.ActionArgs) {
  return viewAction(request, params.id);
}

export function loader() {
  return jsonError("Method not allowed", 405);
}
