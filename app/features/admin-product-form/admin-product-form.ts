/**
 * The admin product form (admin spec, section 2): tabs, messages and the page data's shapes.
 * No `.server`: the components read these too.
 */
import type { ProductFormErrors, ProductFormValues } from "~/domain/product-form/fields";
import type { MakerOption, TaxonomyOptions } from "~/domain/product-form/taxonomy";

export const PRODUCT_CREATED = "Product created";
export const PRODUCT_UPDATED = "Product updated";
export const PRODUCT_DELETED = "Product Deleted";
export const MAKERS_UPDATED = "Makers updated";
export const COMMENT_SAVED = "Maker comment saved";
export const NOT_FOUND = "Not Found: Product not found in the database.";
export const INVALID_PRODUCT_ID = "Invalid Product ID";
export const ERROR_LOADING_PRODUCT = "Error Loading Product";
export const LOAD_FAILED = "Could not load product data";
export const SAVE_FAILED = "Failed to save product. Please try again.";
export const DELETE_FAILED = "Failed to delete the product. Please try again.";

/** Create mode's top tabs (`?tab=csv` opens Bulk Upload). */
export const CREATE_TABS = [
  { id: "list", label: "List Product" },
  { id: "csv", label: "Bulk Upload (CSV)" },
] as const;
export type CreateTab = (typeof CREATE_TABS)[number]["id"];
export function createTab(value: string | null): CreateTab {
  return value === "csv" ? "csv" : "list";
}

/** List Product's sub-tabs (one form: the panels only hide). */
export const CREATE_SECTIONS = [
  { id: "info", label: "Product Info" },
  { id: "makers", label: "Makers" },
  { id: "comments", label: "Maker Comments" },
] as const;
export type CreateSection = (typeof CREATE_SECTIONS)[number]["id"];

/** Edit mode's tabs (`?tab=makers`, `?tab=comments`), each its own form. */
export const EDIT_TABS = [
  { id: "edit", label: "Edit Product" },
  { id: "makers", label: "Makers" },
  { id: "comments", label: "Maker Comments" },
] as const;
export type EditTab = (typeof EDIT_TABS)[number]["id"];
export function editTab(value: string | null): EditTab {
  return value === "makers" || value === "comments" ? value : "edit";
}

/** Where the create form is used: Add New Product (/admin/products/new) or Trending Ads' (/admin/submit). */
export type CreateMode = "products" | "submit";

export interface CreatePageData {
  mode: CreateMode;
  tab: CreateTab;
  values: ProductFormValues;
  taxonomy: TaxonomyOptions;
  /** One per rendering of the form: a double submit creates one product. */
  submission: string;
}

export interface EditedProduct {
  id: number;
  slug: string;
  name: string;
  status: string;
  makerComment: string;
}

export type EditPageData =
  | { kind: "invalid" }
  | { kind: "error"; message: string }
  | {
      kind: "ok";
      tab: EditTab;
      product: EditedProduct;
      values: ProductFormValues;
      taxonomy: TaxonomyOptions;
      makers: MakerOption[];
    };

/** What an action answers when it refuses the form (the form shows it again with the messages). */
export interface FormRefusal {
  errors: ProductFormErrors;
  values?: ProductFormValues;
  makers?: MakerOption[];
  makerComment?: string;
  intent: string;
}
