/**
 * Suggest a resource (/submit): a signed-in member's free-text suggestion, stored as the spec's
 * suggestion record (a pending product of type "suggestion", which no public read ever shows:
 * see domain/public-product.server.ts). Nothing public changes, so no cache is invalidated.
 */
import { data, redirect } from "react-router";
import { getDb } from "~/db/registry.server";
import { getOptionalUser } from "~/domain/auth/session.server";
import { setFlash } from "~/domain/flash.server";
import { consumeAll } from "~/domain/rate-limit.server";
import { parseForm } from "~/lib/forms";
import { clientIp } from "~/lib/http/client-address";
import { assertSameOrigin } from "~/lib/http/origin.server";
import type { RateLimitRule } from "~/lib/http/rate-limit";
import { logger } from "~/lib/logger.server";
import {
  AFTER_SUGGESTION,
  STAY_FIELD,
  SUGGESTION_FAILED,
  SUGGESTION_THANKS,
  resumePath,
  resumedText,
  suggestionSchema,
  type SuggestErrors,
} from "./suggest";
import { createSuggestion } from "./mutations.server";

const HOUR = 60 * 60;
export const SUGGEST_RATE_LIMITS = {
  perUser: { limit: 5, windowSeconds: HOUR },
  /** Several members may share an address (an office, a school): more room than one user gets. */
  perIp: { limit: 20, windowSeconds: HOUR },
} satisfies Record<string, RateLimitRule>;

export const SUGGEST_RATE_LIMITED = "You've sent several suggestions in the last hour. Please try again later.";

/** The page's data: the text a return from sign-in carries (never submitted by itself). */
export function suggestLoader(request: Request) {
  return { text: resumedText(new URL(request.url)) };
}

/**
 * POST /submit. Signed out (a form sent without JavaScript, or a session that ended meanwhile):
 * to sign-in, coming back to the form with the text. Signed in: checked, rate-limited, stored;
 * then the thank-you as data (the hydrated form asked to stay, see STAY_FIELD) or as a flash
 * on the redirect to the member's products.
 */
export async function suggestAction(request: Request) {
  if (request.method !== "POST") throw data({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "GET, POST" } });
  assertSameOrigin(request);
  const form = await request.formData();
  const user = await getOptionalUser(request);
  if (!user) {
    const text = form.get("text");
    throw redirect(`/auth?redirectTo=${encodeURIComponent(resumePath(typeof text === "string" ? text : ""))}`);
  }
  const parsed = parseForm(suggestionSchema, { text: form.get("text") ?? undefined });
  if (!parsed.ok) return failure(parsed.errors, 400);

  const limited = await consumeAll([
    { key: `suggest:user:${user.id}`, rule: SUGGEST_RATE_LIMITS.perUser },
    { key: `suggest:ip:${clientIp(request)}`, rule: SUGGEST_RATE_LIMITS.perIp },
  ]);
  if (!limited.ok) return failure({ form: SUGGEST_RATE_LIMITED }, 429, { "Retry-After": String(limited.retryAfterSeconds) });

  try {
    await createSuggestion(getDb(), user, parsed.data.text);
  } catch (error) {
    logger().error({ err: error }, "suggestion not saved");
    return failure({ form: SUGGESTION_FAILED }, 500);
  }
  if (form.has(STAY_FIELD)) return { ok: true as const };
  throw redirect(AFTER_SUGGESTION, { headers: { "Set-Cookie": await setFlash({ kind: "success", message: SUGGESTION_THANKS }) } });
}

function failure(errors: SuggestErrors, status: number, headers?: HeadersInit) {
  return data({ ok: false as const, errors }, { status, headers });
}
