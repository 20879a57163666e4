/**
 * My Products: the tabs, the card data, the Basic Information form's schema and messages, and the
 * 30-day charts' shape. No `.server`: the form's schema also runs in the browser (decision 031).
 */
import * as z from "zod/mini";
import { normalizeWebUrl, OWN_UPLOAD } from "~/domain/product-form/web-url";
import { DESCRIPTION_MAX, DESCRIPTION_MIN, FORM_PRICINGS, HEADLINE_MAX, HEADLINE_MIN, line, multiline, PRICING_REQUIRED, PRODUCT_NAME_CHARACTERS, PRODUCT_NAME_MAX, PRODUCT_NAME_MIN, PRODUCT_NAME_REQUIRED, TAGLINE_MAX, URL_INVALID, visibleText, WEBSITE_REQUIRED, type FormPricing } from "~/domain/product-form/fields";

// The product form's messages, shared with the wizard and the admin form (app/domain/product-form).
export { PRICING_REQUIRED, PRODUCT_NAME_CHARACTERS, PRODUCT_NAME_MAX, PRODUCT_NAME_MIN, PRODUCT_NAME_REQUIRED, URL_INVALID, WEBSITE_REQUIRED } from "~/domain/product-form/messages";

export const DRAFT_SAVED = "Draft Saved";
export const PRODUCT_UPDATED = "Product Updated";
export const PRODUCT_UPDATED_FOR_REVIEW = "Product Updated: your changes will be reviewed by our team before they go live.";
/** Update Product with nothing changed: nothing is filed, nothing goes to review. */
export const NO_CHANGES = "No changes to save";
export const PRODUCT_DELETED = "Product Deleted";
export const DELETE_FAILED = "Failed to delete the product. Please try again.";
export const SAVE_FAILED = "Failed to save product. Please try again.";
export const LOGO_FETCHED = "Logo has been fetched";
/** The fetcher's own message (app/lib/fetch), repeated for the browser, which answers it without a request. */
export const LOGO_WEBSITE_FIRST = "Please enter a website URL first";
export const AUTH_REQUIRED = "Authentication Required: Please log in to save your product";

// The pricing choices of the product form, as the wizard and the admin form offer them.
export { FORM_PRICINGS, formPricing, type FormPricing } from "~/domain/product-form/messages";

export const TABS = [
  { id: "all", label: "All Products", empty: "No products found in this category." },
  { id: "published", label: "Published", empty: "No published products found." },
  { id: "drafts", label: "Drafts", empty: "No draft products found." },
] as const;
export type MyProductsTab = (typeof TABS)[number]["id"];

/** `?tab=`: published, drafts, or All Products for anything else (the Suggest page sends `products`). */
export function parseTab(value: string | null): MyProductsTab {
  return value === "published" || value === "drafts" ? value : "all";
}

/** A card of My Products: a product or suggestion the user manages (the profile's My Products tab reads the same rows). */
export type { ManagedProduct as MyProductCard } from "~/domain/products/managed.server";

/** The wizard (issue 11's later step) continues a draft from its id. */
export function wizardUrl(id: number): string {
  return `/submit-product-details?product=${id}`;
}

// Controls, format characters (zero-width, bidirectional), line and paragraph separators.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
// Moved to the product-form domain (shared with the wizard and the admin form); re-exported for makers.
export { normalizeWebUrl };

/** Anything but a string (a repeated or missing field) reads as empty: its "required" message answers it. */
const text = z.pipe(
  z.transform((value: unknown) => (typeof value === "string" ? value.trim() : "")),
  z.string(),
);

const websiteUrl = z.pipe(
  text.check(z.minLength(1, WEBSITE_REQUIRED), z.refine((value) => normalizeWebUrl(value) !== null, URL_INVALID)),
  z.transform((value) => normalizeWebUrl(value)!),
);

/** Empty, a web address (https:// added as for the website), or a file this site stored. */
const logoUrl = z.pipe(
  text.check(z.refine((value) => value === "" || OWN_UPLOAD.test(value) || normalizeWebUrl(value) !== null, URL_INVALID)),
  z.transform((value) => (value === "" ? null : OWN_UPLOAD.test(value) ? value : normalizeWebUrl(value)!)),
);

/** The Basic Information form, checked in the browser and by the action (the authority). */
export const productBasicsSchema = z.object({
  productName: text.check(
    z.minLength(1, PRODUCT_NAME_REQUIRED),
    z.minLength(3, PRODUCT_NAME_MIN),
    z.maxLength(100, PRODUCT_NAME_MAX),
    z.refine((value) => !HIDDEN.test(value), PRODUCT_NAME_CHARACTERS),
  ),
  websiteUrl,
  logoUrl,
  pricing: z.pipe(
    text.check(z.refine((value) => FORM_PRICINGS.some((option) => option.value === value), PRICING_REQUIRED)),
    z.transform((value) => value as FormPricing),
  ),
});

export type ProductBasics = z.output<typeof productBasicsSchema>;
export type ProductBasicsErrors = Partial<Record<"productName" | "websiteUrl" | "logoUrl" | "pricing" | "headline" | "tagline" | "description" | "form", string>>;

/** What the form shows: the saved values, or what was typed when the server refused it. */
export interface ProductBasicsValues {
  productName: string;
  websiteUrl: string;
  logoUrl: string;
  pricing: string;
  /** The listing's text, on Edit Product only (a new product gets it in the wizard's details). */
  headline?: string;
  tagline?: string;
  description?: string;
}


/**
 * Edit Product: the basic fields and the listing's text (issue 36: the text was only in the
 * wizard). Empty text is allowed here (a draft gets it in the wizard, which requires it); the
 * action refuses emptying a headline or description a submitted product already has.
 */
export const productEditSchema = z.extend(productBasicsSchema, {
  headline: line.check(z.refine((value) => value === "" || value.length >= 5, HEADLINE_MIN), z.maxLength(300, HEADLINE_MAX)),
  tagline: line.check(z.maxLength(300, TAGLINE_MAX)),
  description: multiline.check(z.refine((value) => value === "" || visibleText(value).length >= 50, DESCRIPTION_MIN), z.maxLength(20_000, DESCRIPTION_MAX)),
});
export type ProductEdit = z.output<typeof productEditSchema>;

/** The Fetch Logo answer: the stored logo's URL, or the spec's message. */
export type FetchLogoResult = { ok: true; logoUrl: string; message: string } | { ok: false; message: string };

/** Where a promotion stands now: Scheduled before its start, Active until its end, then Ended. */
export function promotionState(promotion: { start: string; end: string }, now = new Date()): "Scheduled" | "Active" | "Ended" {
  if (new Date(promotion.start) > now) return "Scheduled";
  return new Date(promotion.end) > now ? "Active" : "Ended";
}

/* ---------------------------------------------------------------- 30-day charts */

/** My Products' charts: the client-safe shape of each product's daily numbers. */
export const ACTIVITY_METRICS = [
  { key: "views", label: "Views" },
  { key: "clicks", label: "Click-outs" },
  { key: "upvotes", label: "Upvotes" },
  { key: "saves", label: "Saves" },
] as const;
export type ActivityMetric = (typeof ACTIVITY_METRICS)[number]["key"];

/** One product's counts per metric, one number per day of the window. */
export type ProductActivity = Record<ActivityMetric, number[]>;

/**
 * The window's days (YYYY-MM-DD, UTC, oldest first) and, per product id, its counts: columns
 * instead of one object per day, so a maker with many products gets a small page.
 */
export interface ActivityWindow {
  days: string[];
  products: Record<number, ProductActivity>;
}
