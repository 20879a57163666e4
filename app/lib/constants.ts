export const PRODUCT_STATUSES = ["draft", "pending", "live", "rejected", "deleted"] as const;
export const PRODUCT_TYPES = ["product", "suggestion"] as const;
export const PRICINGS = ["free", "freemium", "premium", "paid", "subscription"] as const;
export const PUBLISH_STATUSES = ["published", "draft"] as const;

export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export type Pricing = (typeof PRICINGS)[number];

/** Why a member reports a listing, and what an admin made of a product's reports (issue 38). */
export const REPORT_REASONS = ["broken_link", "wrong_information", "duplicate", "spam", "inappropriate", "other"] as const;
export const REPORT_OUTCOMES = ["fixed", "unpublished", "dismissed"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
