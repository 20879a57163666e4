import type { Route } from "./+types/api.v1.products.$id.feedback";
import { feedbackAction, productFeedback } from "~/features/feedback/feedback.server";
import { getPublicSlugById } from "~/features/catalog/product.server";
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
export function action({ request, params }: Route.ActionArgs) {
  return feedbackAction(request, params.id);
}
