import type { Route } from "./+types/api.v1.products.$id.click";
import { isSameOrigin } from "~/lib/http/origin.server";
import { recordClick } from "~/features/catalog/mutations/clicks.server";
import { clickVisitor } from "~/features/stats/requests.server";
import { jsonError, parseProductId } from "~/lib/api.server";

/** POST /api/v1/products/{id}/click: a click-out, sent as a beacon when Visit Website is clicked. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError("Method not allowed", 405);
  // Our pages' beacons carry our Origin; another site must not inflate click-outs.
  if (!isSameOrigin(request)) return jsonError("Forbidden", 403);
  const id = parseProductId(params.id);
  if (!id) return jsonError("Invalid Product ID", 400);
  const visitor = await clickVisitor(request);
  if ("limited" in visitor) return visitor.limited;
  const recorded = await recordClick(id, {
    referrer: request.headers.get("referer"),
    userAgent: request.headers.get("user-agent"),
    userId: visitor.userId,
    visitorHash: visitor.visitorHash,
  });
  if (!recorded) return jsonError("Product not found in database", 404);
  return new Response(null, { status: 204 });
}

export function loader() {
  return jsonError("Method not allowed", 405);
}
