/**
 * The requests of /my-products, /my-products/new and /my-products/edit/{id}: who is asking, the
 * same-origin check, the form's parsing, rate limits, and the answer (redirect with a flash, or
 * the form's messages); and GET /badge/{slug}.svg. The routes only call these.
 */
import crypto from "node:crypto";
import { data, redirect } from "react-router";
import { getDb } from "~/db/registry.server";
import { getOptionalUser, type SessionUser } from "~/domain/auth/session.server";
import { currentPath } from "~/domain/auth/redirect-path";
import { setFlash } from "~/domain/flash.server";
import { consumeAll } from "~/domain/rate-limit.server";
import { parseForm } from "~/lib/forms";
import { RATE_LIMIT_MESSAGE, type RateLimitRule } from "~/lib/http/rate-limit";
import { env } from "~/lib/env.server";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { logger } from "~/lib/logger.server";
import { getStorage } from "~/lib/storage/storage.server";
import { type BadgeTheme, renderBadge } from "./badge";
import { fetchLogoForUser } from "./fetch-logo.server";
import {
  AUTH_REQUIRED,
  DELETE_FAILED,
  DRAFT_SAVED,
  NO_CHANGES,
  PRODUCT_DELETED,
  PRODUCT_UPDATED,
  PRODUCT_UPDATED_FOR_REVIEW,
  SAVE_FAILED,
  parseTab,
  productBasicsSchema,
  productEditSchema,
  wizardUrl,
  type ProductBasicsErrors,
  type ProductBasicsValues,
} from "./makers";
import { createDraft, deleteOwnProduct, REQUIRED_TEXT, updateOwnProduct, type ProductText } from "./mutations.server";
import { listMyProducts, loadOwnProduct, myProductsActivity, publicBadgeData } from "./queries.server";
import { stepUrl } from "./wizard/wizard";

/** Saves and deletes per user: generous for a person, a wall for a script. */
export const WRITE_LIMITS: Record<"burst" | "createDaily", RateLimitRule> = {
  burst: { limit: 30, windowSeconds: 600 },
  createDaily: { limit: 50, windowSeconds: 86_400 },
};

/** Signed-out visitors go to /auth and come back here, with the spec's toast. */
async function requireMaker(request: Request, context?: unknown): Promise<SessionUser> {
  const user = await getOptionalUser(request, context);
  if (user) return user;
  throw redirect(`/auth?redirectTo=${encodeURIComponent(currentPath(request))}`, {
    headers: { "Set-Cookie": await setFlash({ kind: "info", message: AUTH_REQUIRED }) },
  });
}

export async function redirectWithFlash(to: string, message: string, kind: "success" | "info" = "success") {
  return redirect(to, { headers: { "Set-Cookie": await setFlash({ kind, message }) } });
}

function notFound(): never {
  throw data({ message: "Product not found. It may have been removed." }, { status: 404 });
}

/** A product id from the URL or a form: digits naming a positive 32-bit integer, else null. */
export function parseProductId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: "The form could not be read. Please try again." }, { status: 400 });
  }
}

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

const TEXT_FIELDS = ["headline", "tagline", "description"] as const;

function typedValues(form: FormData): ProductBasicsValues {
  const values: ProductBasicsValues = { productName: field(form, "productName"), websiteUrl: field(form, "websiteUrl"), logoUrl: field(form, "logoUrl"), pricing: field(form, "pricing") };
  for (const name of TEXT_FIELDS) if (form.has(name)) values[name] = field(form, name);
  return values;
}

type ParsedBasics<T> = { ok: true; data: T } | { ok: false; errors: ProductBasicsErrors };

type FormFailure = { errors: ProductBasicsErrors; values: ProductBasicsValues };

function formFailure(form: FormData, errors: ProductBasicsErrors, status: 400 | 429 | 503) {
  return data<FormFailure>({ errors, values: typedValues(form) }, { status });
}

async function limitWrites(user: SessionUser, creating: boolean) {
  return consumeAll([
    { key: `my-products:user:${user.id}`, rule: WRITE_LIMITS.burst },
    ...(creating ? [{ key: `my-products-create:user-day:${user.id}`, rule: WRITE_LIMITS.createDaily }] : []),
  ]);
}

/** Fetch Logo (intent=fetch-logo): the stored logo's URL or the spec's message, never a save. */
async function fetchLogoAnswer(user: SessionUser, form: FormData) {
  const { status, result } = await fetchLogoForUser(user.id, field(form, "websiteUrl"), getStorage());
  return data({ logo: result }, { status });
}

/**
 * A save's post, after the caller's checks: Fetch Logo answers at once; the form checked with
 * `parse` (its schema) and the user's write limits give the values, or the form's answer (its messages, 429).
 */
async function readBasicsPost<T>(request: Request, user: SessionUser, parse: (form: FormData) => ParsedBasics<T>, creating: boolean) {
  const form = await readForm(request);
  const intent = field(form, "intent");
  if (intent === "fetch-logo") return { answer: await fetchLogoAnswer(user, form) };
  const parsed = parse(form);
  if (!parsed.ok) return { answer: formFailure(form, parsed.errors, 400) };
  const limited = await limitWrites(user, creating);
  if (!limited.ok) return { answer: formFailure(form, { form: RATE_LIMIT_MESSAGE }, 429) };
  return { form, intent, values: parsed.data };
}

/* ------------------------------------------------------------------ /my-products */

export async function myProductsLoader(request: Request, context: unknown) {
  const user = await requireMaker(request, context);
  const tab = parseTab(new URL(request.url).searchParams.get("tab"));
  const { products, hasAny } = await listMyProducts(getDb(), user.id, tab);
  const activity = await myProductsActivity(getDb(), user.id, products);
  return { tab, products, hasAny, activity };
}

/** intent=delete with the product's id: only the submitter's own products; anyone else's id is a 404. */
export async function myProductsAction(request: Request, context: unknown) {
  assertSameOrigin(request);
  const user = await requireMaker(request, context);
  const form = await readForm(request);
  if (field(form, "intent") !== "delete") return data({ error: "Unknown request." }, { status: 400 });
  const id = parseProductId(form.get("id"));
  if (id === null) return data({ error: DELETE_FAILED }, { status: 404 });
  const limited = await limitWrites(user, false);
  if (!limited.ok) return data({ error: RATE_LIMIT_MESSAGE }, { status: 429 });
  try {
    if (!(await deleteOwnProduct(getDb(), user.id, id))) return data({ error: DELETE_FAILED }, { status: 404 });
  } catch (error) {
    logger().error({ err: error, userId: user.id, productId: id }, "deleting a product failed");
    return data({ error: DELETE_FAILED }, { status: 503 });
  }
  const tab = parseTab(new URL(request.url).searchParams.get("tab"));
  return redirectWithFlash(tab === "all" ? "/my-products" : `/my-products?tab=${tab}`, PRODUCT_DELETED);
}

/* -------------------------------------------------------------- /my-products/new */

export async function newProductLoader(request: Request, context: unknown) {
  await requireMaker(request, context);
  return null;
}

/** Save as Draft (intent=draft, the default) or Proceed to Details (intent=details); both save a draft. */
export async function newProductAction(request: Request, context: unknown) {
  assertSameOrigin(request);
  const user = await requireMaker(request, context);
  const post = await readBasicsPost(request, user, (form) => parseForm(productBasicsSchema, form), true);
  if ("answer" in post) return post.answer;
  const { form, intent } = post;
  let id: number;
  try {
    id = await createDraft(getDb(), user, post.values);
  } catch (error) {
    logger().error({ err: error, userId: user.id }, "saving a new product failed");
    return formFailure(form, { form: SAVE_FAILED }, 503);
  }
  // The spec sends Save as Draft to /profile; the drafts tab is where the maker continues it (decision 033).
  return intent === "details" ? redirect(wizardUrl(id)) : redirectWithFlash("/my-products?tab=drafts", DRAFT_SAVED);
}

/* -------------------------------------------------------- /my-products/edit/{id} */

export async function editProductLoader(request: Request, context: unknown, idParam: string | undefined) {
  const user = await requireMaker(request, context);
  const id = parseProductId(idParam);
  const product = id === null ? null : await loadOwnProduct(getDb(), user.id, id);
  if (!product) notFound();
  return product;
}

/**
 * Update Product, Proceed to Details (intent=details: the same save, then the wizard's details
 * steps) or Fetch Logo. Whether the user manages the product is checked first, so anyone else's id
 * is a 404 whatever the form holds. A save that changes nothing files nothing and says so.
 */
export async function editProductAction(request: Request, context: unknown, idParam: string | undefined) {
  assertSameOrigin(request);
  const user = await requireMaker(request, context);
  const id = parseProductId(idParam);
  if (id === null || !(await loadOwnProduct(getDb(), user.id, id))) notFound();
  // Fields the form did not send are left as they are (the schema reads an absent one as empty).
  const post = await readBasicsPost(request, user, (form) => parseForm(productEditSchema, form), false);
  if ("answer" in post) return post.answer;
  const { form, intent, values } = post;
  const text: ProductText = {};
  for (const name of TEXT_FIELDS) if (form.has(name)) text[name] = values[name];
  let result: Awaited<ReturnType<typeof updateOwnProduct>>;
  try {
    result = await updateOwnProduct(getDb(), user.id, id, values, text);
  } catch (error) {
    logger().error({ err: error, userId: user.id, productId: id }, "updating a product failed");
    return formFailure(form, { form: SAVE_FAILED }, 503);
  }
  if (result === "not found") notFound();
  if (typeof result === "object") {
    const errors: ProductBasicsErrors = {};
    for (const column of result.required) errors[column] = REQUIRED_TEXT[column];
    return formFailure(form, errors, 400);
  }
  const to = intent === "details" ? stepUrl(id, "product-info") : "/my-products";
  if (result === "unchanged") return redirectWithFlash(to, NO_CHANGES, "info");
  return redirectWithFlash(to, result === "revision" ? PRODUCT_UPDATED_FOR_REVIEW : PRODUCT_UPDATED);
}

/* ------------------------------------------------------------ /badge/{slug}.svg */

/** Badges change with every upvote, so browsers and CDNs keep them only briefly, then revalidate. */
const BADGE_CACHE_CONTROL = "public, max-age=300";
/**
 * A badge opened directly (not through <img>) is a document: this policy keeps any script out of
 * it, whatever a product or site name might smuggle in, and allows only its own inline styling.
 */
const BADGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** Whether If-None-Match names this ETag (compared weakly, as RFC 9110 asks for GET), or is `*`. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === bare;
  });
}

function badgeNotFound(): Response {
  return new Response("Not Found\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}

/** The badge of a public product, 304 when the caller already holds it, or 404 (also for no slug). */
export async function badgeResponse(slug: string | null, theme: BadgeTheme, ifNoneMatch: string | null): Promise<Response> {
  const data = slug ? await publicBadgeData(slug) : undefined;
  if (!data) return badgeNotFound();
  const svg = renderBadge({ siteName: env().SITE_NAME, ...data, theme });
  const etag = `"${crypto.createHash("sha1").update(svg).digest("base64url")}"`;
  const headers = { ETag: etag, "Cache-Control": BADGE_CACHE_CONTROL, "Content-Security-Policy": BADGE_CSP };
  if (etagMatches(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  return new Response(svg, { headers: { ...headers, "Content-Type": "image/svg+xml; charset=utf-8" } });
}
