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
import {
  ADMIN_STATUSES,
  AD_END_AFTER_START,
  type AdminStatus,
  COUPON_CODE_MAX,
  COUPON_REQUIRED,
  COUPON_TEXT_MAX,
  DATE_INVALID,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  DESCRIPTION_REQUIRED,
  HEADLINE_MAX,
  HEADLINE_MIN,
  HEADLINE_REQUIRED,
  MAKERS_LIMIT,
  MAKERS_MAX,
  MAKER_COMMENT_EMPTY,
  MAKER_COMMENT_MAX,
  NICHES_LIMIT,
  NICHE_REQUIRED,
  PRICING_REQUIRED,
  PRODUCT_NAME_CHARACTERS,
  PRODUCT_NAME_MAX,
  PRODUCT_NAME_MIN,
  PRODUCT_NAME_REQUIRED,
  STATUS_INVALID,
  SUBCATEGORIES_LIMIT,
  TAGLINE_MAX,
  TAGS_LIMIT,
  TAGS_MAX,
  TAG_MAX_LENGTH,
  TAG_TOO_LONG,
  URL_INVALID,
  WEBSITE_REQUIRED,
  formPricing,
} from "./messages";
import { cleanText, idList, isIsoDate, makerIds, normalizeFeatures, visibleText } from "./text-rules";
import { normalizeWebUrl, OWN_UPLOAD } from "./web-url";

// The form's messages, limits and choices, its text rules and its values: one import for the forms.
export * from "./messages";
export * from "./text-rules";
export * from "./form-values";

// Controls, format characters (zero-width, bidirectional), line and paragraph separators.
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** One line of text, cleaned (`cleanText`); anything but a string reads as empty. */
export const line = z.pipe(
  z.transform((value: unknown) => cleanText(value)),
  z.string(),
);
/** Text with its line breaks kept, cleaned likewise. */
export const multiline = z.pipe(
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

export const featuresField = z.pipe(
  z.transform((value: unknown) => normalizeFeatures(value)),
  z.array(z.string()).check(
    z.maxLength(TAGS_LIMIT, TAGS_MAX),
    z.refine((tags) => tags.every((tag) => tag.length <= TAG_MAX_LENGTH), TAG_TOO_LONG),
  ),
);

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

export const dateField = z.pipe(line.check(z.refine((value) => value === "" || isIsoDate(value), DATE_INVALID)), z.transform(emptyToNull));

export const statusField = z.pipe(
  line.check(z.refine((value) => ADMIN_STATUSES.some((status) => status.value === value), STATUS_INVALID)),
  z.transform((value) => value as AdminStatus),
);

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
