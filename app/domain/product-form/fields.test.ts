import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/forms";
import {
  AD_END_AFTER_START,
  adminCreateSchema,
  adminProductSchema,
  categoriesSchema,
  cleanText,
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
  MAKER_COMMENT_EMPTY,
  MAKER_COMMENT_MAX,
  makerCommentSchema,
  makerProductSchema,
  MAKERS_MAX,
  makersSchema,
  NICHE_REQUIRED,
  PRICING_REQUIRED,
  PRODUCT_NAME_CHARACTERS,
  PRODUCT_NAME_MAX,
  PRODUCT_NAME_MIN,
  PRODUCT_NAME_REQUIRED,
  productInfoSchema,
  STATUS_INVALID,
  TAG_TOO_LONG,
  TAGLINE_MAX,
  TAGS_MAX,
  URL_INVALID,
  validationList,
  VALIDATION_ERROR,
  WEBSITE_REQUIRED,
} from "./fields";

const valid = {
  productName: "Toolnest Test",
  headline: "A headline for the test",
  tagline: "",
  description: "A description that is long enough to pass the fifty character rule.",
  websiteUrl: "example.com",
  logoUrl: "",
  videoUrl: "",
  pricing: "free",
  features: ["one", "two"],
  couponText: "",
  couponCode: "",
  couponUrl: "",
  couponExpiryDate: "",
  selectedCategories: ["1"],
  selectedSubcategories: [],
  status: "live",
  adStartDate: "",
  adEndDate: "",
};

function form(values: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(key, item);
  }
  return data;
}

function errorsOf(schema: Parameters<typeof parseForm>[0], values: FormData | Record<string, unknown>): Partial<Record<string, string>> {
  const parsed = parseForm(schema, values);
  return parsed.ok ? {} : (parsed.errors as Partial<Record<string, string>>);
}

describe("the admin product schema", () => {
  it("accepts a valid form, adds https:// and applies the defaults", () => {
    const parsed = parseForm(adminProductSchema, form(valid));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.data).toMatchObject({
      websiteUrl: "https://example.com/",
      logoUrl: null,
      tagline: null,
      pricing: "free",
      features: ["one", "two"],
      hasCoupon: false,
      isAdvertised: false,
      status: "live",
      selectedCategories: [1],
      selectedSubcategories: [],
      adStartDate: null,
    });
  });

  it.each([
    ["productName", "", PRODUCT_NAME_REQUIRED],
    ["productName", "ab", PRODUCT_NAME_MIN],
    ["productName", "x".repeat(101), PRODUCT_NAME_MAX],
    ["productName", "Zero\u200bWidth", PRODUCT_NAME_CHARACTERS],
    ["headline", "", HEADLINE_REQUIRED],
    ["headline", "four", HEADLINE_MIN],
    ["headline", "h".repeat(301), HEADLINE_MAX],
    ["tagline", "t".repeat(301), TAGLINE_MAX],
    ["description", "", DESCRIPTION_REQUIRED],
    ["description", "Too short", DESCRIPTION_MIN],
    ["description", `<p>${"<strong></strong>".repeat(10)}short</p>`, DESCRIPTION_MIN],
    ["description", "d".repeat(20_001), DESCRIPTION_MAX],
    ["websiteUrl", "", WEBSITE_REQUIRED],
    ["websiteUrl", "not a url", URL_INVALID],
    ["websiteUrl", "javascript:alert(1)", URL_INVALID],
    ["logoUrl", "ftp://example.com/a.png", URL_INVALID],
    ["videoUrl", "localhost", URL_INVALID],
    ["couponUrl", "http://", URL_INVALID],
    ["pricing", "", PRICING_REQUIRED],
    ["features", Array.from({ length: 11 }, (_, i) => `tag ${i}`), TAGS_MAX],
    ["features", ["x".repeat(51)], TAG_TOO_LONG],
    ["selectedCategories", [], NICHE_REQUIRED],
    ["selectedCategories", ["abc", "-1", "0", "99999999999"], NICHE_REQUIRED],
    ["couponExpiryDate", "2026-02-30", DATE_INVALID],
    ["adStartDate", "tomorrow", DATE_INVALID],
    ["status", "deleted", STATUS_INVALID],
    ["status", "", STATUS_INVALID],
    ["couponText", "c".repeat(201), COUPON_TEXT_MAX],
    ["couponCode", "c".repeat(101), COUPON_CODE_MAX],
  ])("%s = %j gives %j", (field, value, message) => {
    expect(errorsOf(adminProductSchema, form({ ...valid, [field]: value as string | string[] }))[field]).toBe(message);
  });

  it("asks for the coupon text and code when a coupon is offered, even with other errors", () => {
    const errors = errorsOf(adminProductSchema, form({ ...valid, productName: "", hasCoupon: "on" }));
    expect(errors).toMatchObject({ productName: PRODUCT_NAME_REQUIRED, couponText: COUPON_REQUIRED, couponCode: COUPON_REQUIRED });
    expect(errorsOf(adminProductSchema, form({ ...valid, hasCoupon: "on", couponText: "10% off", couponCode: "SAVE10" }))).toEqual({});
  });

  it("wants the ad's end date after its start", () => {
    expect(errorsOf(adminProductSchema, form({ ...valid, adStartDate: "2026-05-02", adEndDate: "2026-05-02" })).adEndDate).toBe(AD_END_AFTER_START);
    expect(errorsOf(adminProductSchema, form({ ...valid, adStartDate: "2026-05-02", adEndDate: "2026-05-01" })).adEndDate).toBe(AD_END_AFTER_START);
    expect(errorsOf(adminProductSchema, form({ ...valid, adStartDate: "2026-05-02", adEndDate: "2026-05-03" }))).toEqual({});
  });

  it("maps an unknown pricing to free", () => {
    const parsed = parseForm(adminProductSchema, form({ ...valid, pricing: "subscription" }));
    expect(parsed.ok && parsed.data.pricing).toBe("free");
  });

  it("trims tags, ignores blanks and case-insensitive duplicates", () => {
    const parsed = parseForm(adminProductSchema, form({ ...valid, features: [" AI ", "ai", "", "Design", "design "] }));
    expect(parsed.ok && parsed.data.features).toEqual(["AI", "Design"]);
  });

  it("keeps the niches' order and leaves out duplicates and non-ids", () => {
    const parsed = parseForm(adminProductSchema, form({ ...valid, selectedCategories: ["3", "1", "3", "x"], selectedSubcategories: ["7", "7", "1.5"] }));
    expect(parsed.ok && [parsed.data.selectedCategories, parsed.data.selectedSubcategories]).toEqual([[3, 1], [7]]);
  });

  it("survives hostile values: NUL, lone surrogates, wrong types, huge text", () => {
    const hostile = {
      productName: "Name\u0000\ud800 ok",
      headline: ["a", "b"],
      description: { html: 1 },
      websiteUrl: "%00",
      pricing: 42,
      features: "x".repeat(10_000),
      selectedCategories: "1%_",
      status: "\u0000",
    };
    const errors = errorsOf(adminProductSchema, hostile);
    expect(errors).toMatchObject({
      headline: HEADLINE_REQUIRED,
      description: DESCRIPTION_REQUIRED,
      websiteUrl: URL_INVALID,
      pricing: PRICING_REQUIRED,
      features: TAG_TOO_LONG,
      selectedCategories: NICHE_REQUIRED,
      status: STATUS_INVALID,
    });
    expect(errors.productName).toBeUndefined();
    expect(cleanText("Name\u0000\ud800 ok")).toBe("Name\ufffd ok");
  });
});

describe("the other schemas", () => {
  it("the maker schema has no status or advertising", () => {
    const parsed = parseForm(makerProductSchema, form({ ...valid, status: "live", isAdvertised: "on" }));
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && "status" in parsed.data).toBe(false);
    expect(parsed.ok && "isAdvertised" in parsed.data).toBe(false);
  });

  it("Product Info and Categories check their own fields only", () => {
    expect(errorsOf(productInfoSchema, form({ ...valid, selectedCategories: [] }))).toEqual({});
    expect(errorsOf(categoriesSchema, form({}))).toEqual({ selectedCategories: NICHE_REQUIRED });
  });

  it("the create schema takes makers and an optional comment", () => {
    const parsed = parseForm(adminCreateSchema, form({ ...valid, makers: ["abc", "abc", "bad id!", "def"], makerComment: "  " }));
    expect(parsed.ok && [parsed.data.makers, parsed.data.makerComment]).toEqual([["abc", "def"], null]);
  });

  it("makers: at most 20", () => {
    expect(errorsOf(makersSchema, { makers: Array.from({ length: 21 }, (_, i) => `user${i}`) }).makers).toBe(MAKERS_MAX);
    expect(errorsOf(makersSchema, {})).toEqual({});
  });

  it("an empty maker comment gives the spec's message", () => {
    expect(errorsOf(makerCommentSchema, { makerComment: "   " }).makerComment).toBe(MAKER_COMMENT_EMPTY);
    expect(errorsOf(makerCommentSchema, { makerComment: "c".repeat(5_001) }).makerComment).toBe(MAKER_COMMENT_MAX);
    expect(errorsOf(makerCommentSchema, { makerComment: "Built it\nfor you" })).toEqual({});
  });
});

describe("validationList", () => {
  it("lists 'field: message' in the form's order", () => {
    expect(VALIDATION_ERROR).toBe("Validation Error");
    expect(validationList({ selectedCategories: NICHE_REQUIRED, productName: PRODUCT_NAME_MIN, form: "x", headline: undefined })).toEqual([
      `Product Name: ${PRODUCT_NAME_MIN}`,
      `Niches: ${NICHE_REQUIRED}`,
    ]);
  });
});
