/**
 * The HTTP side of upvotes and saves: the API routes (every refusal JSON `{ error: { message } }`)
 * and the plain forms (a redirect, or a short text refusal), through one path: product id, Origin,
 * session, rate limits, then one transaction.
 */
import { z } from "zod";
import { getDb } from "~/db/registry.server";
import { redirect } from "react-router";
import { safeRedirectPath } from "~/domain/auth/redirect-path";
import { getOptionalUser, getSessionUserId } from "~/domain/auth/session.server";
import { setFlash } from "~/domain/flash.server";
import { isSameOrigin, siteOrigins } from "~/lib/http/origin.server";
import { jsonError, parseProductId, rateLimitedJson } from "~/lib/api.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { clientIp } from "~/lib/http/client-address";
import { RATE_LIMIT_MESSAGE, type RateLimitResult, type RateLimitRule } from "~/lib/http/rate-limit";
import { bookmarkNotice, MAX_ENGAGEMENT_IDS, MESSAGES, type ToggleKind } from "./engagement";
import { setBookmark, setUpvote, type ToggleLimits, type UpvoteResult } from "./mutations.server";
import { viewerEngagement } from "./queries.server";

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

type ToggleBody = { upvoted: boolean; upvotes: number; changed: boolean } | { bookmarked: boolean; bookmarks: number; changed: boolean };

/** What one toggle request came to, before it is answered as JSON (the API) or as a redirect (the plain form). */
type ToggleOutcome =
  | { ok: true; body: ToggleBody }
  | { ok: false; status: 400 | 401 | 403 | 404 | 503; message: string }
  | { ok: false; status: 429; limit: RateLimitResult };

function refused(result: Exclude<UpvoteResult, { ok: true }>): ToggleOutcome {
  return result.reason === "rate_limited" ? { ok: false, status: 429, limit: result.limit } : { ok: false, status: 404, message: MESSAGES.notFound };
}

/**
 * The one path of every upvote and save, through the API or a plain form: product id, Origin,
 * session, then the rate limits and the write in one statement. The caller has read `on`.
 */
async function toggleFor(request: Request, rawId: string | undefined, kind: ToggleKind, on: boolean): Promise<ToggleOutcome> {
  const productId = parseProductId(rawId);
  if (productId === null) return { ok: false, status: 400, message: MESSAGES.invalidId };
  if (!isSameOrigin(request)) return { ok: false, status: 403, message: MESSAGES.forbidden };
  // The session alone (no profile): this is the hot path of every toggle.
  const userId = await getSessionUserId(request);
  if (!userId) return { ok: false, status: 401, message: MESSAGES.signInRequired };
  const limits = writeLimits(request, userId);
  try {
    if (kind === "upvote") {
      const result = await setUpvote(userId, productId, on, getDb(), limits);
      if (!result.ok) return refused(result);
      return { ok: true, body: { upvoted: result.upvoted, upvotes: result.upvotes, changed: result.changed } };
    }
    const result = await setBookmark(userId, productId, on, getDb(), limits);
    if (!result.ok) return refused(result);
    return { ok: true, body: { bookmarked: result.bookmarked, bookmarks: result.bookmarks, changed: result.changed } };
  } catch (error) {
    logger().error({ err: error, productId, kind }, "engagement write failed");
    return { ok: false, status: 503, message: kind === "upvote" ? MESSAGES.upvoteFailed : MESSAGES.bookmarkFailed };
  }
}

/** PUT (on) and DELETE (off) of /api/v1/products/{id}/upvote and /bookmark. */
export async function handleToggle(request: Request, rawId: string | undefined, kind: ToggleKind): Promise<Response> {
  const on = request.method === "PUT" ? true : request.method === "DELETE" ? false : null;
  if (on === null) {
    return Response.json({ error: { message: "Method not allowed" } }, { status: 405, headers: { ...NO_STORE, Allow: "PUT, DELETE" } });
  }
  const outcome = await toggleFor(request, rawId, kind, on);
  if (outcome.ok) return json(outcome.body);
  return outcome.status === 429 ? rateLimitedJson(outcome.limit) : jsonError(outcome.message, outcome.status);
}

/**
 * The page the form was posted from, to go back to: the Referer's path when it is one of this
 * site's pages (browsers send it on same-origin posts: Referrer-Policy strict-origin-when-cross-origin),
 * else the home page.
 */
function formPage(request: Request): string {
  const referer = URL.parse(request.headers.get("Referer") ?? "");
  if (!referer || !siteOrigins().includes(referer.origin)) return "/";
  return safeRedirectPath(referer.pathname + referer.search);
}

function text(message: string, status: number, headers?: Record<string, string>) {
  return new Response(message, { status, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8", ...headers } });
}

/**
 * POST /products/{id}/upvote and /bookmark with `on=true|false`: the upvote and save buttons as plain
 * HTML forms, for a page whose scripts never arrived (decision 082). The same checks and write as
 * the API; success goes back to the page (303) with the toast a save shows as the next page's flash,
 * a signed-out visitor goes to sign in and back, and a refusal is a short text with its 4xx status.
 */
export async function handleToggleForm(request: Request, rawId: string | undefined, kind: ToggleKind): Promise<Response> {
  if (request.method !== "POST") return text("Method not allowed", 405, { Allow: "POST" });
  const form = await request.formData().catch(() => null);
  const field = form?.get("on");
  if (field !== "true" && field !== "false") return text("Invalid request: on must be true or false", 400);
  const on = field === "true";
  const back = formPage(request);
  const outcome = await toggleFor(request, rawId, kind, on);
  if (outcome.ok) {
    const notice = kind === "bookmark" ? bookmarkNotice(on, outcome.body.changed) : null;
    return redirect(back, { status: 303, headers: { ...NO_STORE, ...(notice ? { "Set-Cookie": await setFlash(notice) } : {}) } });
  }
  if (outcome.status === 401) return redirect(`/auth?redirectTo=${encodeURIComponent(back)}`, { status: 303, headers: NO_STORE });
  if (outcome.status === 429) return text(RATE_LIMIT_MESSAGE, 429, { "Retry-After": String(outcome.limit.retryAfterSeconds) });
  return text(outcome.message, outcome.status);
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
