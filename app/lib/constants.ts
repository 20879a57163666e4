export const PRODUCT_STATUSES = ["draft", "pending", "live", "rejected", "deleted"] as const;
export const PRODUCT_TYPES = ["product", "suggestion"] as const;
export const PRICINGS = ["free", "freemium", "premium", "paid", "subscription"] as const;
export const PUBLISH_STATUSES = ["published", "draft"] as const;

export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export type Pricing = (typeof PRICINGS)[number];
