/**
 * The bulk actions' requests and messages, shared by the pages and their actions. Ids travel as
 * repeated `ids` form fields (the table's checkboxes) or as `ids=1,2,3` in the remap page's URL.
 */
import { parseId } from "./filters";

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
