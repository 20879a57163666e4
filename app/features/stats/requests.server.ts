import { getOptionalUser } from "~/domain/auth/session.server";
import { isSameOrigin } from "~/lib/http/origin.server";
import { jsonError, parseProductId, rateLimitedJson } from "~/lib/api.server";
import { clientIp } from "~/lib/http/client-address";
import { consume } from "~/domain/rate-limit.server";
import type { RateLimitRule } from "~/lib/http/rate-limit";
import { recordView } from "./mutations.server";
import { requestVisitorHash } from "./visitor.server";

/** Page views per address: generous (a school behind one address), yet bounded. */
export const VIEW_RATE_LIMIT: RateLimitRule = { limit: 300, windowSeconds: 60 };
/** Click-outs per address. */
export const CLICK_RATE_LIMIT: RateLimitRule = { limit: 120, windowSeconds: 60 };

/** The view beacon: counts the view (once per visitor and day) and answers 204. */
export async function viewAction(request: Request, productIdParam: string | undefined) {
  if (request.method !== "POST") return jsonError("Method not allowed", 405);
  if (!isSameOrigin(request)) return jsonError("Forbidden", 403);
  const id = parseProductId(productIdParam);
  if (!id) return jsonError("Invalid Product ID", 400);
  const limited = await consume(`views:ip:${clientIp(request)}`, VIEW_RATE_LIMIT);
  if (!limited.ok) return rateLimitedJson(limited);
  const user = await getOptionalUser(request);
  const result = await recordView(id, request, user?.id ?? null);
  if (result === "not-found") return jsonError("Product not found in database", 404);
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}

/**
 * For the click-out beacon: refuses (with a 429 response) past the per-address limit, else
 * gives who clicked: the user id when signed in and the visitor's daily hash, so that "users"
 * counts distinct visitors.
 */
export async function clickVisitor(request: Request): Promise<{ limited: Response } | { userId: string | null; visitorHash: string }> {
  const limited = await consume(`clicks:ip:${clientIp(request)}`, CLICK_RATE_LIMIT);
  if (!limited.ok) return { limited: rateLimitedJson(limited) };
  const user = await getOptionalUser(request);
  return { userId: user?.id ?? null, visitorHash: requestVisitorHash(request, user?.id ?? null) };
}
