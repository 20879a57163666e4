/**
 * The product form's fields, shared by the maker wizard and the admin product form: one zod/mini
 * schema per form (decision 031), run in the browser for instant messages and by the action as
 * the authority. Field names are the spec's (productName, headline, ..., selectedCategories).
 * No `.server`: this module runs in the browser too.
 *
 * How a form posts them:
 * - text fields: one value each; anything that is not a string reads as empty;
 * - features (tags), selectedCategories, selectedSubcategories, makers: the name repeated;
 * - hasCoupon, isAdvertised: a checkbox (`on`, `true` or `1` is checked; absent is unchecked);
 * - dates: `YYYY-MM-DD` (an `<input type="date">`) or empty.
 */
import * as z from "zod/mini";
import { normalizeWebUrl, OWN_UPLOAD } from "./web-url";

/* --------------------------------------------------------------- Messages */

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
const NICHES_LIMIT = 50;
const SUBCATEGORIES_LIMIT = 200;

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

/* ------------------------------------------------------------ Text cleaning */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// C0 controls but tab, line feed and carriage return; DEL. PostgreSQL refuses NUL in text.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
// Controls, format characters (zero-width, bidirectional), line and paragraph separators.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * A posted value as text: anything but a string reads as empty, lone surrogates become U+FFFD,
 * control characters (NUL...) go, and a single-line value has its line breaks turned to spaces.
 */
export function cleanText(value: unknown, multiline = false): string {
  if (typeof value !== "string") return "";
  const text = value.replace(LONE_SURROGATE, "\uFFFD").replace(CONTROLS, "");
  return (multiline ? text : text.replace(/[\r\n\t\u2028\u2029]+/g, " ")).trim();
}

/** A posted value that may be given several times, as a list (a single value is a list of one). */
function list(value: unknown): unknown[] {
  if (value === undefined || value === null || value === "") return [];
  return Array.isArray(value) ? value : [value];
}

/** The visible text of a description that may hold simple HTML (tags and entities out). */
export function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z0-9#]+;/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const line = z.pipe(
  z.transform((value: unknown) => cleanText(value)),
  z.string(),
);
const multiline = z.pipe(
  z.transform((value: unknown) => cleanText(value, true)),
  z.string(),
);
const emptyToNull = (value: string) => (value === "" ? null : value);

/* ---------------------------------------------------------------- Fields */

export const productNameField = line.check(
  z.minLength(1, PRODUCT_NAME_REQUIRED),
  z.minLength(3, PRODUCT_NAME_MIN),
  z.maxLength(100, PRODUCT_NAME_MAX),
  z.refine((value) => !HIDDEN.test(value), PRODUCT_NAME_CHARACTERS),
);

export const headlineField = line.check(z.minLength(1, HEADLINE_REQUIRED), z.minLength(5, HEADLINE_MIN), z.maxLength(300, HEADLINE_MAX));

export const taglineField = z.pipe(line.check(z.maxLength(300, TAGLINE_MAX)), z.transform(emptyToNull));

/** Simple HTML allowed; the server sanitizes it on write (save-product) and the page on render. */
export const descriptionField = multiline.check(
  z.minLength(1, DESCRIPTION_REQUIRED),
  z.refine((value) => value === "" || visibleText(value).length >= 50, DESCRIPTION_MIN),
  z.maxLength(20_000, DESCRIPTION_MAX),
);

export const websiteUrlField = z.pipe(
  line.check(z.minLength(1, WEBSITE_REQUIRED), z.refine((value) => value === "" || normalizeWebUrl(value) !== null, URL_INVALID)),
  z.transform((value) => normalizeWebUrl(value)!),
);

/** Empty (null) or a web address, `https://` added as for the website. */
export const optionalUrlField = z.pipe(
  line.check(z.refine((value) => value === "" || normalizeWebUrl(value) !== null, URL_INVALID)),
  z.transform((value) => (value === "" ? null : normalizeWebUrl(value)!)),
);

/** Empty, a web address, or a file this site stored (Fetch Logo). */
export const logoUrlField = z.pipe(
  line.check(z.refine((value) => value === "" || OWN_UPLOAD.test(value) || normalizeWebUrl(value) !== null, URL_INVALID)),
  z.transform((value) => (value === "" ? null : OWN_UPLOAD.test(value) ? value : normalizeWebUrl(value)!)),
);

/** Required; free, freemium or premium; any other value becomes free (spec, section 5). */
export const pricingField = z.pipe(line.check(z.minLength(1, PRICING_REQUIRED)), z.transform((value) => formPricing(value.toLowerCase())));

/** Tags: trimmed, blanks dropped, duplicates (case-insensitive) ignored, at most 10 of at most 50 characters. */
export function normalizeFeatures(value: unknown): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const item of list(value)) {
    const tag = cleanText(item);
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

export const featuresField = z.pipe(
  z.transform((value: unknown) => normalizeFeatures(value)),
  z.array(z.string()).check(
    z.maxLength(TAGS_LIMIT, TAGS_MAX),
    z.refine((tags) => tags.every((tag) => tag.length <= TAG_MAX_LENGTH), TAG_TOO_LONG),
  ),
);

/** Positive integer ids (as posted: strings), de-duplicated in order; anything else is left out. */
export function idList(value: unknown, max: number): number[] {
  const ids: number[] = [];
  for (const item of list(value)) {
    const text = typeof item === "number" ? String(item) : typeof item === "string" ? item.trim() : "";
    if (!/^[1-9][0-9]{0,9}$/.test(text)) continue;
    const id = Number(text);
    if (id > 2_147_483_647 || ids.includes(id)) continue;
    ids.push(id);
    if (ids.length >= max) break;
  }
  return ids;
}

/** The chosen niches (the first is the product's main one: product_subcategories.category_id). */
export const selectedCategoriesField = z.pipe(
  z.transform((value: unknown) => idList(value, NICHES_LIMIT)),
  z.array(z.number()).check(z.minLength(1, NICHE_REQUIRED)),
);

export const selectedSubcategoriesField = z.pipe(
  z.transform((value: unknown) => idList(value, SUBCATEGORIES_LIMIT)),
  z.array(z.number()),
);

/** A checkbox: `on` (the browser's value), `true` or `1` is checked. */
export const flagField = z.pipe(
  z.transform((value: unknown) => value === true || value === "on" || value === "true" || value === "1"),
  z.boolean(),
);

/** `YYYY-MM-DD` between 2000 and 2100, or empty (null). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2100) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const dateField = z.pipe(line.check(z.refine((value) => value === "" || isIsoDate(value), DATE_INVALID)), z.transform(emptyToNull));

export const statusField = z.pipe(
  line.check(z.refine((value) => ADMIN_STATUSES.some((status) => status.value === value), STATUS_INVALID)),
  z.transform((value) => value as AdminStatus),
);

/** Profile ids of makers (Better Auth ids: letters, digits, `-`, `_`), de-duplicated; anything else is left out. */
export function makerIds(value: unknown): string[] {
  const ids: string[] = [];
  for (const item of list(value)) {
    if (typeof item !== "string" || !/^[A-Za-z0-9_-]{1,100}$/.test(item) || ids.includes(item)) continue;
    ids.push(item);
  }
  return ids;
}

export const makersField = z.pipe(
  z.transform((value: unknown) => makerIds(value)),
  z.array(z.string()).check(z.maxLength(MAKERS_LIMIT, MAKERS_MAX)),
);

export const makerCommentField = multiline.check(z.minLength(1, MAKER_COMMENT_EMPTY), z.maxLength(5_000, MAKER_COMMENT_MAX));

/* ---------------------------------------------------------------- Schemas */

/** Product Info: the details a maker and an admin both edit (wizard step 1, the admin form's details). */
export const productInfoShape = {
  productName: productNameField,
  headline: headlineField,
  tagline: taglineField,
  description: descriptionField,
  websiteUrl: websiteUrlField,
  logoUrl: logoUrlField,
  videoUrl: optionalUrlField,
  pricing: pricingField,
  features: featuresField,
  hasCoupon: flagField,
  couponText: z.pipe(line.check(z.maxLength(200, COUPON_TEXT_MAX)), z.transform(emptyToNull)),
  couponCode: z.pipe(line.check(z.maxLength(100, COUPON_CODE_MAX)), z.transform(emptyToNull)),
  couponUrl: optionalUrlField,
  couponExpiryDate: dateField,
};

/** Categories: niches (at least one) and subcategories of them. */
export const categoriesShape = {
  selectedCategories: selectedCategoriesField,
  selectedSubcategories: selectedSubcategoriesField,
};

/** Admin-only: status and advertising. */
export const adminShape = {
  status: statusField,
  isAdvertised: flagField,
  adStartDate: dateField,
  adEndDate: dateField,
};

/** Reads a posted field of the object being checked, whatever the other fields' state. */
function raw(payload: unknown, key: string): unknown {
  return payload && typeof payload === "object" ? (payload as Record<string, unknown>)[key] : undefined;
}

/**
 * A coupon needs its text and its code. Runs even when other fields are wrong (`when`), so the
 * Validation Error list names every problem at once; it reads the posted values defensively.
 */
const couponCheck = z.superRefine<Record<string, unknown>>(
  (value, ctx) => {
    const offered = raw(value, "hasCoupon") === true || ["on", "true", "1"].includes(String(raw(value, "hasCoupon")));
    if (!offered) return;
    for (const key of ["couponText", "couponCode"]) {
      if (cleanText(raw(value, key)) === "") ctx.addIssue({ code: "custom", message: COUPON_REQUIRED, path: [key], input: raw(value, key) });
    }
  },
  { when: () => true },
);

/** An ad's end date after its start date (both given). */
const adDatesCheck = z.superRefine<Record<string, unknown>>(
  (value, ctx) => {
    const start = cleanText(raw(value, "adStartDate"));
    const end = cleanText(raw(value, "adEndDate"));
    if (isIsoDate(start) && isIsoDate(end) && end <= start) {
      ctx.addIssue({ code: "custom", message: AD_END_AFTER_START, path: ["adEndDate"], input: end });
    }
  },
  { when: () => true },
);

/** Wizard step Product Info. */
export const productInfoSchema = z.object(productInfoShape).check(couponCheck);
/** Wizard step Categories. */
export const categoriesSchema = z.object(categoriesShape);
/** Everything a maker edits (no status, no advertising). */
export const makerProductSchema = z.object({ ...productInfoShape, ...categoriesShape }).check(couponCheck);
/** The admin product form's Product Info / Edit Product tab (makers and comment have their own schemas). */
export const adminProductSchema = z.object({ ...productInfoShape, ...categoriesShape, ...adminShape }).check(couponCheck, adDatesCheck);
/** The admin create form: everything, including makers and the maker comment (optional there). */
export const adminCreateSchema = z
  .object({
    ...productInfoShape,
    ...categoriesShape,
    ...adminShape,
    makers: makersField,
    makerComment: z.pipe(multiline.check(z.maxLength(5_000, MAKER_COMMENT_MAX)), z.transform(emptyToNull)),
  })
  .check(couponCheck, adDatesCheck);
export const makersSchema = z.object({ makers: makersField });
export const makerCommentSchema = z.object({ makerComment: makerCommentField });

export type ProductInfo = z.output<typeof productInfoSchema>;
export type Categories = z.output<typeof categoriesSchema>;
export type MakerProduct = z.output<typeof makerProductSchema>;
export type AdminProduct = z.output<typeof adminProductSchema>;
export type AdminCreate = z.output<typeof adminCreateSchema>;

/** Field messages as `parseForm`/`useFormErrors` give them (first per field; `form` for the whole form). */
export type ProductFormErrors = Partial<Record<ProductFieldName | "makers" | "makerComment" | "form", string>>;
export type ProductFieldName = keyof typeof productInfoShape | keyof typeof categoriesShape | keyof typeof adminShape;

/* ---------------------------------------------------------- Validation list */

/** The label of each field in the 'field: message' list, in the form's order. */
export const FIELD_LABELS: Record<string, string> = {
  productName: "Product Name",
  headline: "Headline",
  tagline: "Tagline",
  description: "Description",
  websiteUrl: "Website URL",
  logoUrl: "Logo URL",
  videoUrl: "Video URL",
  pricing: "Pricing",
  features: "Features",
  status: "Status",
  selectedCategories: "Niches",
  selectedSubcategories: "Subcategories",
  hasCoupon: "Coupon",
  couponText: "Coupon Text",
  couponCode: "Coupon Code",
  couponUrl: "Coupon URL",
  couponExpiryDate: "Coupon Expiry Date",
  isAdvertised: "Advertised",
  adStartDate: "Ad Start Date",
  adEndDate: "Ad End Date",
  makers: "Makers",
  makerComment: "Maker Comment",
};

/**
 * The spec's list under 'Validation Error': one 'field: message' line per field with a message,
 * in the form's order (fields without a label after them; `form` messages are left out).
 */
export function validationList(errors: Partial<Record<string, string | undefined>>): string[] {
  const known = Object.keys(FIELD_LABELS);
  const keys = Object.keys(errors)
    .filter((key) => key !== "form" && errors[key])
    .sort((a, b) => (known.indexOf(a) + 1 || 999) - (known.indexOf(b) + 1 || 999));
  return keys.map((key) => `${FIELD_LABELS[key] ?? key}: ${errors[key]}`);
}

/* ---------------------------------------------------------------- Form values */

/** What a product form shows: the stored product, or what was typed when the server refused it. */
export interface ProductFormValues {
  productName: string;
  headline: string;
  tagline: string;
  description: string;
  websiteUrl: string;
  logoUrl: string;
  videoUrl: string;
  pricing: FormPricing;
  features: string[];
  hasCoupon: boolean;
  couponText: string;
  couponCode: string;
  couponUrl: string;
  couponExpiryDate: string;
  selectedCategories: number[];
  selectedSubcategories: number[];
  status: AdminStatus;
  isAdvertised: boolean;
  adStartDate: string;
  adEndDate: string;
}

/** The empty form: status live, pricing free, no advertising, no coupon (admin spec defaults). */
export const EMPTY_PRODUCT_VALUES: ProductFormValues = {
  productName: "",
  headline: "",
  tagline: "",
  description: "",
  websiteUrl: "",
  logoUrl: "",
  videoUrl: "",
  pricing: "free",
  features: [],
  hasCoupon: false,
  couponText: "",
  couponCode: "",
  couponUrl: "",
  couponExpiryDate: "",
  selectedCategories: [],
  selectedSubcategories: [],
  status: "live",
  isAdvertised: false,
  adStartDate: "",
  adEndDate: "",
};

/** The posted form as values to show again (after a refusal without JavaScript); never throws. */
export function postedValues(form: FormData, base: ProductFormValues = EMPTY_PRODUCT_VALUES): ProductFormValues {
  const text = (name: string, fallback: string, multi = false) => (form.has(name) ? cleanText(form.get(name), multi) : fallback);
  const status = text("status", base.status);
  return {
    productName: text("productName", base.productName),
    headline: text("headline", base.headline),
    tagline: text("tagline", base.tagline),
    description: text("description", base.description, true),
    websiteUrl: text("websiteUrl", base.websiteUrl),
    logoUrl: text("logoUrl", base.logoUrl),
    videoUrl: text("videoUrl", base.videoUrl),
    pricing: formPricing(text("pricing", base.pricing)),
    features: normalizeFeatures(form.getAll("features")).slice(0, TAGS_LIMIT),
    hasCoupon: form.get("hasCoupon") !== null,
    couponText: text("couponText", base.couponText),
    couponCode: text("couponCode", base.couponCode),
    couponUrl: text("couponUrl", base.couponUrl),
    couponExpiryDate: text("couponExpiryDate", base.couponExpiryDate),
    selectedCategories: idList(form.getAll("selectedCategories"), NICHES_LIMIT),
    selectedSubcategories: idList(form.getAll("selectedSubcategories"), SUBCATEGORIES_LIMIT),
    status: ADMIN_STATUSES.some((option) => option.value === status) ? (status as AdminStatus) : base.status,
    isAdvertised: form.get("isAdvertised") !== null,
    adStartDate: text("adStartDate", base.adStartDate),
    adEndDate: text("adEndDate", base.adEndDate),
  };
}
