import { deferredPart, ssrPart } from "~/components/deferred-part";
import { ProductMakersList } from "./product-makers-list";

/**
 * The product's makers in the page's side column (product-makers-list.tsx): links only, so its
 * code loads after the page's first JavaScript (decision 052); the server renders it as usual.
 */
export const ProductMakers = import.meta.env.SSR
  ? ssrPart(ProductMakersList)
  : deferredPart(() => import("./product-makers-list").then((m) => m.ProductMakersList));
