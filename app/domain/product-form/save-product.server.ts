/**
 * The product form's side of a stored product: its values for the form. The writes (create,
 * update, delete with the relations, the status check) are `~/domain/products/save.server`, the
 * one writer of products (decision 075); they are re-exported here for the form's callers.
 */
import type { ProductSnapshot } from "~/domain/products/snapshot.server";
import { EMPTY_PRODUCT_VALUES, formPricing, type AdminStatus, type ProductFormValues } from "./fields";

export {
  createProduct,
  deleteProduct,
  ProductInputError,
  readProduct,
  updateProduct,
  type AdminFields,
  type NewProduct,
  type ProductSnapshot,
  type ProductWrite,
  type SaveResult,
  type Tx,
  type WriteOptions,
} from "~/domain/products/save.server";

/** The form's values for a stored product (an unknown pricing shows as free, a missing status as pending). */
export function snapshotToFormValues(product: ProductSnapshot): ProductFormValues {
  const status = ["live", "draft", "pending", "rejected"].includes(product.status) ? (product.status as AdminStatus) : "pending";
  return {
    ...EMPTY_PRODUCT_VALUES,
    productName: product.product_name,
    headline: product.headline ?? "",
    tagline: product.tagline ?? "",
    description: product.description ?? "",
    websiteUrl: product.website_url ?? "",
    logoUrl: product.logo_url ?? "",
    videoUrl: product.video_url ?? "",
    pricing: formPricing(product.pricing),
    features: product.tags,
    hasCoupon: product.has_coupon,
    couponText: product.coupon_text ?? "",
    couponCode: product.coupon_code ?? "",
    couponUrl: product.coupon_url ?? "",
    couponExpiryDate: product.coupon_expiry_date ?? "",
    selectedCategories: product.niche_ids,
    selectedSubcategories: product.subcategory_ids,
    status,
    isAdvertised: product.is_advertised,
    adStartDate: product.ad_start_date ?? "",
    adEndDate: product.ad_end_date ?? "",
  };
}
