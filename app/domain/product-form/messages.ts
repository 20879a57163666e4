/**
 * The product form's messages (the spec's wording), its limits, and the pricing and status choices:
 * what the wizard, the admin form and their checks say and allow. No `.server`: runs in the browser.
 */
export const PRODUCT_NAME_REQUIRED = "Product name is required";
export const PRODUCT_NAME_MIN = "Product name must be at least 3 characters";
export const PRODUCT_NAME_MAX = "Product name must be at most 100 characters";
export const PRODUCT_NAME_CHARACTERS = "Product name cannot contain control or invisible characters";
export const HEADLINE_REQUIRED = "Headline is required";
export const HEADLINE_MIN = "Headline must be at least 5 characters";
export const HEADLINE_MAX = "Headline must be at most 300 characters";
export const TAGLINE_MAX = "Tagline must be at most 300 characters";
export const DESCRIPTION_REQUIRED = "Description is required";
export const DESCRIPTION_MIN = "Description must be at least 50 characters";
export const DESCRIPTION_MAX = "Description must be at most 20,000 characters";
export const WEBSITE_REQUIRED = "Website URL is required";
export const URL_INVALID = "Please enter a valid URL";
export const PRICING_REQUIRED = "Pricing is required";
export const TAGS_MAX = "You can add up to 10 tags";
export const TAG_TOO_LONG = "Each tag must be at most 50 characters";
export const NICHE_REQUIRED = "Please select at least one niche";
export const COUPON_REQUIRED = "Coupon text and code are required when offering a coupon";
export const COUPON_TEXT_MAX = "Coupon text must be at most 200 characters";
export const COUPON_CODE_MAX = "Coupon code must be at most 100 characters";
export const DATE_INVALID = "Please enter a valid date";
export const STATUS_INVALID = "Please choose a valid status";
export const AD_END_AFTER_START = "Ad end date must be after the start date";
export const MAKERS_MAX = "A product can have at most 20 makers";
/** The admin form's message (admin spec, section 5). */
export const MAKER_COMMENT_EMPTY = "Please enter a comment before saving.";
/** The wizard's toast: title and text (public spec, completion progress). */
export const MAKER_COMMENT_EMPTY_TITLE = "Comment Empty";
export const MAKER_COMMENT_MAX = "The comment must be at most 5,000 characters";
/** The notice above the list of 'field: message' lines. */
export const VALIDATION_ERROR = "Validation Error";

/* ---------------------------------------------------------------- Limits */

export const TAGS_LIMIT = 10;
export const TAG_MAX_LENGTH = 50;
export const MAKERS_LIMIT = 20;
export const NICHES_LIMIT = 50;
export const SUBCATEGORIES_LIMIT = 200;

/** The pricing choices of the product form (the spec's free/freemium/premium). */
export const FORM_PRICINGS = [
  { value: "free", label: "Free" },
  { value: "freemium", label: "Freemium" },
  { value: "premium", label: "Premium" },
] as const;
export type FormPricing = (typeof FORM_PRICINGS)[number]["value"];

/** A pricing outside the form's choices becomes free (spec, section 5). */
export function formPricing(value: string | null | undefined): FormPricing {
  return FORM_PRICINGS.some((option) => option.value === value) ? (value as FormPricing) : "free";
}

/** The statuses an admin can give a product (`deleted` is moderation's, never the form's). */
export const ADMIN_STATUSES = [
  { value: "live", label: "Published" },
  { value: "draft", label: "Draft" },
  { value: "pending", label: "Pending" },
  { value: "rejected", label: "Rejected" },
] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number]["value"];
