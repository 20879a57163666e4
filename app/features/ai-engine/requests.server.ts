/**
 * The loaders and actions of /admin/my-ai-engine and POST /ai/draft. The routes only call these.
 */
import { data, redirect } from "react-router";
import { getDb } from "~/db/registry.server";
import { getOptionalUser, isAdmin, requireAdmin } from "~/domain/auth/session.server";
import { setFlash } from "~/domain/flash.server";
import type { AiDraftAnswer } from "~/domain/product-form/ai-draft";
import { consume } from "~/domain/rate-limit.server";
import { parseForm } from "~/lib/forms";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { RATE_LIMIT_MESSAGE, type RateLimitRule } from "~/lib/http/rate-limit";
import { logger } from "~/lib/logger.server";
import { DEFAULT_VIEW, MESSAGES, settingsSchema, type SettingsActionData, type SettingsErrors } from "./ai-engine";
import { draftListing, type DraftOptions } from "./draft.server";
import { saveSettings } from "./mutations.server";
import { testConnection, type ModelOptions } from "./provider.server";
import { readEngineConfig, readSettingsView } from "./queries.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** Drafts per user and hour: each one fetches a website and may spend provider quota. */
export const DRAFT_LIMITS: Record<"member" | "admin", RateLimitRule> = {
  member: { limit: 10, windowSeconds: 3600 },
  admin: { limit: 60, windowSeconds: 3600 },
};

async function readForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/* -------------------------------------------------------------- Settings */

export async function settingsLoader(request: Request, context: unknown) {
  await requireAdmin(request, context);
  try {
    return data({ settings: await readSettingsView(getDb()), loadError: null as string | null }, { headers: NO_STORE });
  } catch (error) {
    logger().error({ err: error }, "ai engine settings could not be loaded");
    return data({ settings: DEFAULT_VIEW, loadError: MESSAGES.loadFailed as string | null }, { headers: NO_STORE });
  }
}

export async function settingsAction(request: Request, context: unknown, options: ModelOptions = {}) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  const intent = form?.get("intent");
  if (!form || (intent !== "save" && intent !== "test")) {
    return data<SettingsActionData>({ intent: "save", ok: false, errors: { form: MESSAGES.unknownAction } }, { status: 400, headers: NO_STORE });
  }
  const db = getDb();

  if (intent === "test") {
    try {
      const config = await readEngineConfig(db);
      const result = await testConnection(config, options);
      if (!result.ok) logger().warn({ provider: config.provider, detail: result.message }, "ai engine test connection failed");
      return data<SettingsActionData>({ intent: "test", ...result }, { headers: NO_STORE });
    } catch (error) {
      logger().error({ err: error }, "ai engine test connection failed");
      return data<SettingsActionData>({ intent: "test", ok: false, message: MESSAGES.loadFailed }, { headers: NO_STORE });
    }
  }

  const parsed = parseForm(settingsSchema, form);
  if (!parsed.ok) return data<SettingsActionData>({ intent: "save", ok: false, errors: parsed.errors as SettingsErrors }, { status: 400, headers: NO_STORE });
  let existed = true;
  try {
    existed = (await readSettingsView(db)).updatedAt !== null;
    const result = await saveSettings(db, admin, parsed.data);
    if (!result.ok) return data<SettingsActionData>({ intent: "save", ok: false, errors: { apiKey: MESSAGES.keyRequired } }, { status: 400, headers: NO_STORE });
  } catch (error) {
    // Only the database's own message and code: a query error's text lists its parameters (the sealed key).
    const cause = (error as { cause?: { message?: unknown; code?: unknown } } | null)?.cause;
    logger().error({ code: cause?.code, reason: typeof cause?.message === "string" ? cause.message : "unknown" }, "ai engine settings could not be saved");
    const message = existed ? MESSAGES.updateFailed : MESSAGES.createFailed;
    return redirect(new URL(request.url).pathname, { headers: { "Set-Cookie": await setFlash({ kind: "error", message }) } });
  }
  return redirect(new URL(request.url).pathname, { headers: { "Set-Cookie": await setFlash({ kind: "success", message: MESSAGES.saved }) } });
}

/* ------------------------------------------------------------------ Draft */

function answer(body: AiDraftAnswer | { error: string }, status: 200 | 400 | 401 | 415 | 429, headers: Record<string, string> = {}) {
  return data(body, { status, headers: { ...NO_STORE, ...headers } });
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * POST /ai/draft: any signed-in person may draft from a website URL they give (nothing is read
 * from or written to a product, so there is no product to own); rate-limited per user.
 */
export async function draftAction(request: Request, context: unknown, options: DraftOptions = {}) {
  const user = await getOptionalUser(request, context);
  if (!user) return answer({ error: "Authentication required" }, 401);
  assertSameOrigin(request);
  if (!FORM_TYPES.test(request.headers.get("Content-Type") ?? "")) return answer({ ok: false, error: "Send the website URL as a form." }, 415);
  const form = await readForm(request);
  const websiteUrl = form?.get("websiteUrl");
  if (typeof websiteUrl !== "string" || !websiteUrl.trim() || websiteUrl.length > 2048) {
    return answer({ ok: false, error: "Enter the product's website URL first (for example https://example.com)." }, 400);
  }
  try {
    const rule = (await isAdmin(user)) ? DRAFT_LIMITS.admin : DRAFT_LIMITS.member;
    const limit = await consume(`ai-draft:user:${user.id}`, rule);
    if (!limit.ok) return answer({ ok: false, error: RATE_LIMIT_MESSAGE }, 429, { "Retry-After": String(limit.retryAfterSeconds) });
    const result = await draftListing(getDb(), websiteUrl, options);
    if (!result.ok) return answer({ ok: false, error: result.message }, 400);
    return answer({ ok: true, draft: result.draft, source: result.source, format: result.format }, 200);
  } catch (error) {
    logger().error({ err: error }, "ai draft failed");
    return answer({ ok: false, error: "Drafting failed. Please try again, or fill in the fields yourself." }, 400);
  }
}
