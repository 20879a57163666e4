/**
 * What the browser and the actions of /admin/niches and /admin/parent-subcategories share: the
 * form schema of a name, the intents and the spec's messages (admin spec sections 5 and 8).
 */
import * as z from "zod/mini";

export const NAME_MAX = 100;
export const MAX_IDS = 500;

export const MESSAGES = {
  nicheExists: "This niche already exists",
  subcategoryExists: "This subcategory already exists",
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${NAME_MAX} characters`,
  nameInvalid: "Name contains characters that are not allowed",
  nicheAddFailed: "Failed to add niche",
  nicheUpdateFailed: "Failed to update niche",
  nicheDeleteFailed: "Failed to delete niche",
  nichesDeleteFailed: "Failed to delete niches",
  nicheSubcategoriesFailed: "Failed to delete niche-subcategory relationships",
  childrenFailed: "Failed to update child subcategories",
  childAddFailed: "Failed to add child subcategory",
  nichesLoadFailed: "Failed to load niches. This might be due to a connection issue.",
  subcategoryAddFailed: "Failed to add parent subcategory",
  subcategoryUpdateFailed: "Failed to update subcategory",
  subcategoryStatusFailed: "Failed to update subcategory status",
  subcategoryDeleteFailed: "Failed to delete subcategory",
  subcategoriesDeleteFailed: "Failed to delete subcategories",
  subcategoriesLoadFailed: "Failed to load subcategories. This might be due to a connection issue.",
  notFound: "Not found: it may have been deleted already.",
  badSelection: "Select at least one row.",
  unknownAction: "Unknown action",
} as const;

/** Lone surrogates and control characters (NUL included) never reach the database. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const nameSchema = z.string({ error: MESSAGES.nameRequired }).check(
  z.overwrite((value) => value.trim().replace(/\s+/g, " ")),
  z.minLength(1, MESSAGES.nameRequired),
  z.maxLength(NAME_MAX, MESSAGES.nameTooLong),
  z.refine((value) => !UNSAFE.test(value), MESSAGES.nameInvalid),
);

/** The add and rename forms: one field, `name`. */
export const nameForm = z.object({ name: nameSchema });

export const NICHE_INTENTS = ["create", "rename", "status", "delete", "bulk-delete", "subcategories"] as const;
export const SUBCATEGORY_INTENTS = ["create", "rename", "status", "delete", "bulk-delete", "children", "add-child"] as const;

export type PublishStatus = "published" | "draft";

export interface TaxonRow {
  id: number;
  name: string;
  slug: string;
  status: PublishStatus;
  product_count: number;
}
export interface NicheRow extends TaxonRow {
  subcategory_ids: number[];
}
export interface ParentSubcategoryRow extends TaxonRow {
  child_count: number;
  child_ids: number[];
}
/** A subcategory that can be a child (not a parent itself), with its current parent. */
export interface ChildOption {
  id: number;
  name: string;
  parent_id: number | null;
  parent_name: string | null;
}
export interface Option {
  id: number;
  name: string;
}


/** A positive 32-bit integer id from a form value, or null. */
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** Distinct ids from repeated form values; null when any is not an id or there are too many. */
export function parseIds(values: unknown[], { allowEmpty = false } = {}): number[] | null {
  if (values.length > MAX_IDS) return null;
  const ids = new Set<number>();
  for (const value of values) {
    const id = parseId(value);
    if (id === null) return null;
    ids.add(id);
  }
  if (!allowEmpty && ids.size === 0) return null;
  return [...ids];
}
