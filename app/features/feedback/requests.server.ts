/** POST /api/v1/products/{id}/feedback: checked, rate-limited, then added. */
import { z } from "zod";
import { getOptionalUser } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { jsonError, parseProductId, rateLimitedJson } from "~/lib/api.server";
import { clientIp } from "~/lib/http/client-address";
import { consumeAll } from "~/domain/rate-limit.server";
import type { RateLimitRule } from "~/lib/http/rate-limit";
import { FEEDBACK_MESSAGES, type FeedbackErrors } from "./feedback";
import { addFeedback } from "./mutations.server";

/** Writes per signed-in user and per address, counted in the shared database. */
export const FEEDBACK_RATE_LIMITS = {
  userBurst: { limit: 10, windowSeconds: 60 },
  userDaily: { limit: 100, windowSeconds: 86_400 },
  ip: { limit: 30, windowSeconds: 600 },
} satisfies Record<string, RateLimitRule>;

const MAX_BODY_BYTES = 64 * 1024;

const bodySchema = z.object({
  comment: z.string().max(MAX_BODY_BYTES).default(""),
  rating: z.coerce.number().catch(0).default(0),
  parentId: z
    .union([z.literal(""), z.null(), z.coerce.number().int().positive().max(2_147_483_647)])
    .optional()
    .transform((value) => (typeof value === "number" ? value : null)),
});

function errorResponse(status: number, message: string, fields?: FeedbackErrors) {
  return jsonError(message, status, fields ? { fields } : undefined);
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) return request.json();
  const form = await request.formData();
  return Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
}

/** POST /api/v1/products/{id}/feedback: a review or a reply from the signed-in user. */
export async function feedbackAction(request: Request, productIdParam: string | undefined) {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  assertSameOrigin(request);
  const productId = parseProductId(productIdParam);
  if (!productId) return errorResponse(400, FEEDBACK_MESSAGES.invalidProduct);
  const user = await getOptionalUser(request);
  if (!user) return errorResponse(401, FEEDBACK_MESSAGES.signIn);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return errorResponse(413, FEEDBACK_MESSAGES.tooLong);

  const limited = await consumeAll([
    { key: `feedback:user:${user.id}`, rule: FEEDBACK_RATE_LIMITS.userBurst },
    { key: `feedback:user-day:${user.id}`, rule: FEEDBACK_RATE_LIMITS.userDaily },
    { key: `feedback:ip:${clientIp(request)}`, rule: FEEDBACK_RATE_LIMITS.ip },
  ]);
  if (!limited.ok) return rateLimitedJson(limited);

  let raw: unknown;
  try {
    raw = await readBody(request);
  } catch {
    return errorResponse(400, "The request body could not be read.");
  }
  const parsed = bodySchema.safeParse(raw);
  if (!parsed.success) {
    const tooLong = parsed.error.issues.some((issue) => issue.path[0] === "comment" && issue.code === "too_big");
    return errorResponse(400, tooLong ? FEEDBACK_MESSAGES.tooLong : "The request is not valid.");
  }
  const result = await addFeedback({ productId, userId: user.id, ...parsed.data });
  if (!result.ok) return errorResponse(result.status, result.message, result.fields);
  return Response.json({ feedback: result.feedback }, { status: 201, headers: { "Cache-Control": "no-store" } });
}
