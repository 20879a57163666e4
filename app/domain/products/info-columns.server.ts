/**
 * Product Info (the product form's details) as product columns: what `updateProduct` writes and
 * what a live product's revision keeps (decision 033), so both store the same values, sanitized
 * the same way.
 */
import type { ProductInfo } from "~/domain/product-form/fields";
import { sanitizeDescription } from "~/lib/sanitize.server";

/** The columns Product Info sets; the coupon's expiry stays a date (`YYYY-MM-DD`) here. */
export function infoColumns(info: ProductInfo) {
  return {
    product_name: info.productName,
    headline: info.headline,
    tagline: info.tagline,
    description: sanitizeDescription(info.description),
    website_url: info.websiteUrl,
    logo_url: info.logoUrl,
    video_url: info.videoUrl,
    pricing: info.pricing,
    tags: info.features,
    has_coupon: info.hasCoupon,
    // No coupon, no coupon fields: the product page shows none.
    coupon_text: info.hasCoupon ? info.couponText : null,
    coupon_code: info.hasCoupon ? info.couponCode : null,
    coupon_url: info.hasCoupon ? info.couponUrl : null,
    coupon_expiry_date: info.hasCoupon ? info.couponExpiryDate : null,
  };
}
