/**
 * Manage Products' view state, all of it in the URL query (decision 037): search, the category
 * select, the filter dialog's fields and the page. Parsing never throws: a value that is not one
 * the page offers (a typo, a hostile string) reads as its default, so any URL shows a page.
 */

export const PAGE_SIZE = 20;
/** Far beyond any real catalogue (20 million products); keeps offsets in range. */
export const MAX_PAGE = 1_000_000;
export const MAX_QUERY_LENGTH = 100;

export const STATUS_FILTERS = ["all", "published", "draft", "pending", "rejected", "ads"] as const;
export const PRICING_FILTERS = ["all", "free", "freemium", "premium", "paid", "subscription"] as const;
export const YES_NO_FILTERS = ["any", "yes", "no"] as const;

export type StatusFilter = (typeof STATUS_FILTERS)[number];
export type PricingFilter = (typeof PRICING_FILTERS)[number];
export type YesNoFilter = (typeof YES_NO_FILTERS)[number];

export interface ProductFilters {
  /** Name contains (case-insensitive); "" for none. */
  q: string;
  status: StatusFilter;
  advertised: YesNoFilter;
  coupon: YesNoFilter;
  pricing: PricingFilter;
  /** Created on or after this UTC day (YYYY-MM-DD), or "". */
  from: string;
  /** Created on or before this UTC day (YYYY-MM-DD), or "". */
  to: string;
  /** Niche (the category select) id, or null. */
  niche: number | null;
  subcategory: number | null;
  page: number;
}

export const DEFAULT_FILTERS: ProductFilters = {
  q: "",
  status: "all",
  advertised: "any",
  coupon: "any",
  pricing: "all",
  from: "",
  to: "",
  niche: null,
  subcategory: null,
  page: 1,
};

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** A positive 32-bit integer written in plain digits, else null. */
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** A real calendar day as YYYY-MM-DD (years 1900-9999), else "". */
export function parseDay(value: string | null): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return "";
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return "";
  return date.getUTCFullYear() >= 1900 ? value : "";
}

/**
 * Search text as typed, made safe: control characters and lone surrogates dropped, spaces
 * collapsed, at most MAX_QUERY_LENGTH characters.
 */
export function cleanQuery(value: string | null): string {
  if (!value) return "";
  const text = value
    .slice(0, MAX_QUERY_LENGTH * 4)
    .replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return Array.from(text).slice(0, MAX_QUERY_LENGTH).join("").trim();
}

export function parseFilters(params: URLSearchParams): ProductFilters {
  const page = parseId(params.get("page"));
  let from = parseDay(params.get("from"));
  let to = parseDay(params.get("to"));
  if (from && to && from > to) [from, to] = [to, from];
  return {
    q: cleanQuery(params.get("q")),
    status: oneOf(STATUS_FILTERS, params.get("status"), "all"),
    advertised: oneOf(YES_NO_FILTERS, params.get("advertised"), "any"),
    coupon: oneOf(YES_NO_FILTERS, params.get("coupon"), "any"),
    pricing: oneOf(PRICING_FILTERS, params.get("pricing"), "all"),
    from,
    to,
    niche: parseId(params.get("niche")),
    subcategory: parseId(params.get("subcategory")),
    page: page === null ? 1 : Math.min(page, MAX_PAGE),
  };
}

/** The query string of a view: only the values that differ from the defaults, in a fixed order. */
export function filtersToParams(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.niche !== null) params.set("niche", String(filters.niche));
  if (filters.status !== "all") params.set("status", filters.status);
  if (filters.advertised !== "any") params.set("advertised", filters.advertised);
  if (filters.coupon !== "any") params.set("coupon", filters.coupon);
  if (filters.pricing !== "all") params.set("pricing", filters.pricing);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.subcategory !== null) params.set("subcategory", String(filters.subcategory));
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

export function viewHref(pathname: string, filters: ProductFilters): string {
  const query = filtersToParams(filters).toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** How many of the filter dialog's fields differ from their defaults (shown on its button). */
export function activeDialogFilters(filters: ProductFilters): number {
  const d = DEFAULT_FILTERS;
  return [
    filters.status !== d.status,
    filters.advertised !== d.advertised,
    filters.coupon !== d.coupon,
    filters.pricing !== d.pricing,
    Boolean(filters.from),
    Boolean(filters.to),
    filters.subcategory !== null,
  ].filter(Boolean).length;
}

/* ------------------------------------------------------------------ Ad status */

export type AdStatus = "Undefined" | "Scheduled" | "Active" | "Expired";

/** Spec: undefined if either date is missing, scheduled before the start, expired after the end, else active. */
export function adStatus(start: string | Date | null, end: string | Date | null, now: Date = new Date()): AdStatus {
  if (!start || !end) return "Undefined";
  const at = now.getTime();
  if (at < new Date(start).getTime()) return "Scheduled";
  if (at > new Date(end).getTime()) return "Expired";
  return "Active";
}

export const AD_STATUS_STYLE: Record<AdStatus, string> = {
  Undefined: "border-border bg-muted text-muted-foreground",
  Scheduled: "border-sky-600/40 bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  Active: "border-emerald-600/40 bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  Expired: "border-red-600/40 bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

/* ------------------------------------------------------------------ Bulk actions */
// Ids travel as repeated `ids` form fields (the table's checkboxes) or as `ids=1,2,3` in the remap page's URL.

/** One action changes at most this many products (a page holds 20; remap links may carry more). */
export const MAX_BULK_IDS = 1000;

export const BULK_INTENTS = ["publish", "draft", "delete"] as const;
export type BulkIntent = (typeof BULK_INTENTS)[number];

export const MESSAGES = {
  cacheCleared: "Cache Cleared",
  published: (n: number) => `${n} ${n === 1 ? "product" : "products"} published`,
  drafted: (n: number) => `${n} moved to draft`,
  deleted: (n: number) => `${n} permanently deleted`,
  remapped: (n: number, niche: string) => `${n} ${n === 1 ? "product" : "products"} mapped to ${niche}`,
  publishFailed: "Failed to publish product",
  draftFailed: "Failed to move product to draft",
  deleteFailed: (message: string) => `Failed to delete products: ${message}`,
  actionFailed: "Failed to perform action. Please try again.",
  unexpected: "An unexpected error occurred",
  noSelection: "Select at least one product first.",
  badSelection: "The selection could not be read. Reload the page and select the products again.",
  tooMany: `Select at most ${MAX_BULK_IDS.toLocaleString("en")} products at a time.`,
  noneFound: "None of the selected products exist any more.",
  unknownAction: "Unknown action.",
  noNiche: "Please select a niche",
  subcategoryNotInNiche: "Choose subcategories of the selected niche only.",
  nicheNotFound: "That niche does not exist any more. Choose another one.",
  remapNoIds: "No products were chosen for remapping. Go back to Manage Products, select products and choose Remap.",
} as const;

export type IdsResult = { ok: true; ids: number[] } | { ok: false; error: string };

/**
 * Product ids from form values or a comma-separated list: every value must be a positive integer,
 * duplicates are dropped, at most MAX_BULK_IDS.
 */
export function parseIds(values: readonly unknown[]): IdsResult {
  const parts: unknown[] = [];
  for (const value of values) {
    if (typeof value !== "string") return { ok: false, error: MESSAGES.badSelection };
    if (value.length > 12 * MAX_BULK_IDS) return { ok: false, error: MESSAGES.tooMany };
    for (const part of value.split(",")) if (part.trim()) parts.push(part.trim());
    if (parts.length > MAX_BULK_IDS * 2) return { ok: false, error: MESSAGES.tooMany };
  }
  const ids = new Set<number>();
  for (const part of parts) {
    const id = parseId(part);
    if (id === null) return { ok: false, error: MESSAGES.badSelection };
    ids.add(id);
  }
  if (!ids.size) return { ok: false, error: MESSAGES.noSelection };
  if (ids.size > MAX_BULK_IDS) return { ok: false, error: MESSAGES.tooMany };
  return { ok: true, ids: [...ids] };
}

export function remapHref(ids: readonly number[], back: "products" | "trending-ads" = "products"): string {
  const params = new URLSearchParams({ ids: ids.join(",") });
  if (back === "trending-ads") params.set("back", back);
  return `/admin/bulk-remap?${params.toString()}`;
}
