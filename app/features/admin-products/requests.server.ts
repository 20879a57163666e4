/**
 * The requests of /admin/products, /admin/trending-ads and /admin/bulk-remap: the admin gate, the
 * same-origin check, reading the query and the forms, and the answers (a redirect back to the same
 * view with a toast, or the refusal with its message). The routes only call these.
 */
import { data, redirect } from "react-router";
import { isDatabaseBusy } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
import { requireAdmin, type SessionUser } from "~/domain/auth/session.server";
import { setFlash, type Flash } from "~/domain/flash.server";
import { readForm } from "~/lib/http/form-body";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { logger } from "~/lib/logger.server";
import { bulkDelete, bulkRemap, bulkSetStatus, clearAllCaches } from "./mutations.server";
import { BULK_INTENTS, MAX_PAGE, MESSAGES, parseFilters, parseId, parseIds, remapHref, type BulkIntent } from "./admin-products";
import { chosenProducts, nicheOptions, subcategoryOptions } from "./queries/options.server";
import { listAdminProducts, listAdvertised } from "./queries/list.server";

export type ActionError = { error: string };

async function redirectWithFlash(to: string, flash: Flash) {
  return redirect(to, { headers: { "Set-Cookie": await setFlash(flash) } });
}

function refuse(error: string, status: 400 | 404 = 400) {
  return data<ActionError>({ error }, { status });
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The page the request came from (path and query), to go back to after an action. */
function samePage(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/* ------------------------------------------------------------------ /admin/products */

export async function productsLoader(request: Request, context: unknown) {
  await requireAdmin(request, context);
  const filters = parseFilters(new URL(request.url).searchParams);
  const db = getDb();
  const [list, niches, subcategories] = await Promise.all([
    listAdminProducts(db, filters),
    nicheOptions(db),
    subcategoryOptions(db, filters.niche),
  ]);
  return { filters: { ...filters, page: list.page }, list, niches, subcategories };
}

function failureMessage(intent: BulkIntent, error: unknown): string {
  if (intent === "publish") return MESSAGES.publishFailed;
  if (intent === "draft") return MESSAGES.draftFailed;
  return MESSAGES.deleteFailed(isDatabaseBusy(error) ? "the database is busy, please try again." : "please try again.");
}

async function runBulk(admin: SessionUser, intent: BulkIntent, ids: number[]) {
  const db = getDb();
  if (intent === "delete") return bulkDelete(db, admin, ids);
  return bulkSetStatus(db, admin, intent, ids);
}

function successMessage(intent: BulkIntent, changed: number): string {
  if (intent === "publish") return MESSAGES.published(changed);
  if (intent === "draft") return MESSAGES.drafted(changed);
  return MESSAGES.deleted(changed);
}

/**
 * The table's actions (Manage Products and Trending Ads): intent publish, draft or delete with the
 * chosen `ids`; remap (goes to /admin/bulk-remap with the ids); clear-cache.
 */
export async function productsAction(request: Request, context: unknown, page: "products" | "trending-ads") {
  assertSameOrigin(request);
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  if (!form) return refuse(MESSAGES.badSelection);
  const intent = text(form, "intent");
  const back = samePage(request);

  if (intent === "clear-cache") {
    try {
      await clearAllCaches(getDb(), admin);
    } catch (error) {
      logger().error({ err: error }, "clear cache failed");
      return redirectWithFlash(back, { kind: "error", message: MESSAGES.actionFailed });
    }
    return redirectWithFlash(back, { kind: "success", message: MESSAGES.cacheCleared });
  }

  const isBulk = (BULK_INTENTS as readonly string[]).includes(intent);
  if (!isBulk && intent !== "remap") return refuse(MESSAGES.unknownAction);
  const parsed = parseIds(form.getAll("ids"));
  if (!parsed.ok) return refuse(parsed.error);
  if (intent === "remap") return redirect(remapHref(parsed.ids, page));

  const bulk = intent as BulkIntent;
  let result;
  try {
    result = await runBulk(admin, bulk, parsed.ids);
  } catch (error) {
    logger().error({ err: error, intent: bulk, ids: parsed.ids.length }, "bulk product action failed");
    return redirectWithFlash(back, { kind: "error", message: failureMessage(bulk, error) });
  }
  if (result.changed === 0 && result.missing.length === parsed.ids.length) return refuse(MESSAGES.noneFound, 404);
  return redirectWithFlash(back, { kind: "success", message: successMessage(bulk, result.changed) });
}

/* ------------------------------------------------------------------ /admin/trending-ads */

export async function trendingAdsLoader(request: Request, context: unknown) {
  await requireAdmin(request, context);
  const page = parseId(new URL(request.url).searchParams.get("page")) ?? 1;
  const ads = await listAdvertised(getDb(), Math.min(page, MAX_PAGE));
  return { ads, now: new Date().toISOString() };
}

/* ------------------------------------------------------------------ /admin/bulk-remap */

type Back = "products" | "trending-ads";
const backPath = (back: Back) => `/admin/${back}`;
const parseBack = (value: string | null): Back => (value === "trending-ads" ? "trending-ads" : "products");

export async function remapLoader(request: Request, context: unknown) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const back = parseBack(params.get("back"));
  const db = getDb();
  const parsed = parseIds(params.getAll("ids"));
  const niches = await nicheOptions(db);
  const requestedNiche = parseId(params.get("niche"));
  const niche = niches.some((n) => n.id === requestedNiche) ? requestedNiche : null;
  const subcategories = niche === null ? [] : await subcategoryOptions(db, niche);
  const base = { back, backHref: backPath(back), niches, niche, subcategories };
  if (!parsed.ok) {
    const error = parsed.error === MESSAGES.noSelection ? MESSAGES.remapNoIds : parsed.error;
    return data({ ...base, ids: [] as number[], products: [], error }, { status: 400 });
  }
  const products = await chosenProducts(db, parsed.ids);
  if (!products.length) return data({ ...base, ids: parsed.ids, products, error: MESSAGES.noneFound }, { status: 404 });
  return { ...base, ids: products.map((p) => p.id), products, error: null as string | null };
}

export async function remapAction(request: Request, context: unknown) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request, context);
  const form = await readForm(request);
  if (!form) return refuse(MESSAGES.badSelection);
  const parsed = parseIds(form.getAll("ids"));
  if (!parsed.ok) return refuse(parsed.error === MESSAGES.noSelection ? MESSAGES.remapNoIds : parsed.error);
  const niche = parseId(text(form, "niche"));
  if (niche === null) return refuse(MESSAGES.noNiche);
  const subcategories: number[] = [];
  for (const value of form.getAll("subcategories")) {
    const id = typeof value === "string" ? parseId(value) : null;
    if (id === null) return refuse(MESSAGES.subcategoryNotInNiche);
    subcategories.push(id);
  }
  if (subcategories.length > 500) return refuse(MESSAGES.subcategoryNotInNiche);
  const back = parseBack(text(form, "back"));
  let result;
  try {
    result = await bulkRemap(getDb(), admin, parsed.ids, niche, [...new Set(subcategories)]);
  } catch (error) {
    logger().error({ err: error, ids: parsed.ids.length }, "bulk remap failed");
    return redirectWithFlash(samePage(request), { kind: "error", message: MESSAGES.actionFailed });
  }
  if (!result.ok) return refuse(result.error === "niche" ? MESSAGES.nicheNotFound : MESSAGES.subcategoryNotInNiche);
  if (result.changed === 0) return refuse(MESSAGES.noneFound, 404);
  return redirectWithFlash(backPath(back), { kind: "success", message: MESSAGES.remapped(result.changed, result.niche) });
}
