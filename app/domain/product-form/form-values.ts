/**
 * A product form's values (the stored product, or what was typed when the server refused it), the
 * empty form, and the 'field: message' list shown above a refused form. No `.server`.
 */
import { ADMIN_STATUSES, type AdminStatus, type FormPricing, NICHES_LIMIT, SUBCATEGORIES_LIMIT, TAGS_LIMIT, formPricing } from "./messages";
import { cleanText, idList, normalizeFeatures } from "./text-rules";

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
