/**
 * The HTTP side of upvotes and saves, shared by the API routes: method, product id, Origin,
 * session, rate limits, then one transaction. Every refusal is JSON `{ error: { message } }`.
 */
import { z } from "zod";
import { getDb } from "~/db/registry.server";
import { getOptionalUser, getSessionUserId } from "~/domain/auth/session.server";
import { isSameOrigin } from "~/lib/http/origin.server";
import { jsonError, parseProductId, rateLimitedJson } from "~/lib/api.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { clientIp } from "~/lib/http/client-address";
import type { RateLimitRule } from "~/lib/http/rate-limit";
import { MAX_ENGAGEMENT_IDS, MESSAGES } from "./engagement";
import { setBookmark, setUpvote, viewerEngagement, type ToggleLimits } from "./engagement.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

interface EngagementLimits {
  user: RateLimitRule;
  ip: RateLimitRule;
}

let limitsOverride: Partial<Record<keyof EngagementLimits, number>> | undefined;

/**
 * Writes allowed per minute: per user (a person clicking), and per address (generous, so that
 * 50 signed-in people behind one office or school address can all act at once). Both come from
 * ENGAGEMENT_RATE_LIMIT_USER / _IP (app/lib/env.server.ts); the benchmark raises them to measure
 * the real path, limiter included, at a rate no single person produces.
 */
export function engagementRateLimits(): EngagementLimits {
  const e = env();
  return {
    user: { limit: limitsOverride?.user ?? e.ENGAGEMENT_RATE_LIMIT_USER, windowSeconds: 60 },
    ip: { limit: limitsOverride?.ip ?? e.ENGAGEMENT_RATE_LIMIT_IP, windowSeconds: 60 },
  };
}

/** Tests: lower a limit without restarting the process (undefined: back to the configured ones). */
export function setEngagementRateLimits(limits: typeof limitsOverride) {
  limitsOverride = limits;
}

function json(body: unknown, status = 200) {
  return Response.json(body, { status, headers: NO_STORE });
}

/** The write's rate limits, counted in the toggle's own transaction (see ToggleLimits). */
function writeLimits(request: Request, userId: string): ToggleLimits {
  const limits = engagementRateLimits();
  // Both rules share one window, so one statement counts both keys.
  return {
    windowSeconds: limits.user.windowSeconds,
    entries: [
      { key: `engagement:user:${userId}`, limit: limits.user.limit },
      { key: `engagement:ip:${clientIp(request)}`, limit: limits.ip.limit },
    ],
  };
}

/** PUT (on) and DELETE (off) of /api/v1/products/{id}/upvote and /bookmark. */
export async function handleToggle(request: Request, rawId: string | undefined, kind: "upvote" | "bookmark"): Promise<Response> {
  const on = request.method === "PUT" ? true : request.method === "DELETE" ? false : null;
  if (on === null) {
    return Response.json({ error: { message: "Method not allowed" } }, { status: 405, headers: { ...NO_STORE, Allow: "PUT, DELETE" } });
  }
  const productId = parseProductId(rawId);
  if (productId === null) return jsonError(MESSAGES.invalidId, 400);
  if (!isSameOrigin(request)) return jsonError(MESSAGES.forbidden, 403);
  // The session alone (no profile): this is the hot path of every toggle.
  const userId = await getSessionUserId(request);
  if (!userId) return jsonError(MESSAGES.signInRequired, 401);
  const limits = writeLimits(request, userId);
  try {
    if (kind === "upvote") {
      const result = await setUpvote(userId, productId, on, getDb(), limits);
      if (!result.ok) return result.reason === "rate_limited" ? rateLimitedJson(result.limit) : jsonError(MESSAGES.notFound, 404);
      return json({ upvoted: result.upvoted, upvotes: result.upvotes, changed: result.changed });
    }
    const result = await setBookmark(userId, productId, on, getDb(), limits);
    if (!result.ok) return result.reason === "rate_limited" ? rateLimitedJson(result.limit) : jsonError(MESSAGES.notFound, 404);
    return json({ bookmarked: result.bookmarked, bookmarks: result.bookmarks, changed: result.changed });
  } catch (error) {
    logger().error({ err: error, productId, kind }, "engagement write failed");
    return jsonError(kind === "upvote" ? MESSAGES.upvoteFailed : MESSAGES.bookmarkFailed, 503);
  }
}

const idsSchema = z
  .string()
  .max(MAX_ENGAGEMENT_IDS * 11)
  .transform((value, ctx) => {
    const parts = value.split(",").filter((p) => p !== "");
    const ids = parts.map(parseProductId);
    if (ids.some((id) => id === null)) {
      ctx.addIssue({ code: "custom", message: MESSAGES.invalidId });
      return z.NEVER;
    }
    return [...new Set(ids as number[])];
  })
  .refine((ids) => ids.length <= MAX_ENGAGEMENT_IDS, `At most ${MAX_ENGAGEMENT_IDS} ids`);

/** GET /api/v1/me/engagement?ids=1,2,3: which of these products the signed-in user upvoted or saved. */
export async function handleViewerEngagement(request: Request): Promise<Response> {
  const raw = new URL(request.url).searchParams.get("ids") ?? "";
  const parsed = idsSchema.safeParse(raw);
  if (!parsed.success) {
    return Response.json(
      { error: { parameter: "ids", message: parsed.error.issues[0]?.message ?? MESSAGES.invalidId } },
      { status: 400, headers: NO_STORE },
    );
  }
  const user = await getOptionalUser(request);
  if (!user) return jsonError(MESSAGES.signInRequired, 401);
  return json({ items: await viewerEngagement(user.id, parsed.data) });
}
