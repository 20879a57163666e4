/**
 * The admin product form's reads: the taxonomy the create form offers, and a product as the edit
 * form shows it (its values, the niches and subcategories to choose from, its makers).
 */
import { getDb } from "~/db/registry.server";
import { makerProfiles } from "~/domain/people/maker-search.server";
import { readProduct, snapshotToFormValues } from "~/domain/product-form/save-product.server";
import { taxonomyOptions } from "~/domain/product-form/taxonomy-options.server";
import type { EditedProduct } from "./admin-product-form";

export function createTaxonomy() {
  return taxonomyOptions(getDb(), "admin");
}

/** A product (not a suggestion) for the edit form, or null. */
export async function loadEditedProduct(id: number) {
  const db = getDb();
  const product = await readProduct(db, id);
  if (!product || product.type !== "product") return null;
  const [taxonomy, makers] = await Promise.all([
    taxonomyOptions(db, "admin", { nicheIds: product.niche_ids, subcategoryIds: product.subcategory_ids }),
    makerProfiles(product.maker_ids, { includeEmail: true }),
  ]);
  const edited: EditedProduct = { id, slug: product.slug, name: product.product_name, status: product.status, makerComment: product.maker_comment ?? "" };
  return { product: edited, values: snapshotToFormValues(product), taxonomy, makers };
}
