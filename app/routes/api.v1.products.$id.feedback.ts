import type { Route } from "./+types/api.v1.products.$id.feedback";
import { isSameOrigin } from "~/lib/http/origin.server";
import { feedbackAction } from "~/features/feedback/requests.server";
import { productFeedback } from "~/features/feedback/queries.server";
import { getPublicSlugById } from "~/features/catalog/queries/product.server";
import { jsonError, parseProductId, publicJson } from "~/lib/api.server";

/** GET /api/v1/products/{id}/feedback: the review summary and the newest reviews with their replies. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseProductId(params.id);
  if (!id) return jsonError("Invalid Product ID", 400);
  if (!(await getPublicSlugById(id))) return jsonError("Product not found", 404);
  const { summary, reviews } = await productFeedback(id);
  return publicJson({ summary, reviews }, 10);
}

/** POST /api/v1/products/{id}/feedback: a review (comment, rating) or a reply (comment, parentId); signed-in users. */
export async function action({ request, params }: Route.ActionArgs) {
  // Refused here in the API's error shape; feedbackAction's own check throws the pages' data().
  if (!isSameOrigin(request)) return jsonError("Forbidden", 403);
  return feedbackAction(request, params.id);
}
