/**
 * Wizard steps Product Info and Categories: their data (the form's values, the niches a maker
 * may choose, the locked ones) and their saves, checked with the shared product-form schemas.
 */
import { data, redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
import type { SessionUser } from "~/domain/auth/session.server";
import { setFlash } from "~/domain/flash.server";
import { categoriesSchema, NICHE_REQUIRED, postedValues, productInfoSchema, type Categories, type ProductFormErrors } from "~/domain/product-form/fields";
import { ProductInputError, snapshotToFormValues, type Tx } from "~/domain/product-form/save-product.server";
import { taxonomyOptions } from "~/domain/product-form/taxonomy-options.server";
import { parseForm } from "~/lib/forms";
import { PRODUCT_UPDATED_FOR_REVIEW } from "../my-products";
import { MISSING_DETAILS, NICHE_LOCKED, stepUrl, type WizardActionData } from "./steps";
import type { WizardProduct } from "./wizard-read.server";
import { saveProductInfo, submitProduct } from "./wizard-write.server";

/** The stored product (with a live product's pending edit) as the shared form's values. */
export function formValues(product: WizardProduct) {
  return snapshotToFormValues({
    ...product,
    type: "product",
    is_advertised: false,
    ad_start_date: null,
    ad_end_date: null,
    maker_ids: [],
  });
}

export async function detailsView(db: Database, product: WizardProduct, step: "product-info" | "categories") {
  const values = formValues(product);
  if (step === "product-info") return { values };
  const taxonomy = await taxonomyOptions(db, "maker", { nicheIds: [...product.live.niche_ids, ...product.niche_ids], subcategoryIds: product.subcategory_ids });
  return { values, taxonomy, lockedNicheIds: product.lockedNicheIds };
}

function refused(intent: string, errors: ProductFormErrors, values?: unknown) {
  return data<WizardActionData>({ intent, errors, ...(values ? { values: values as Record<string, unknown> } : {}) }, { status: 400 });
}

async function flashRedirect(to: string, message: string) {
  return redirect(to, { headers: { "Set-Cookie": await setFlash({ kind: "success", message }) } });
}

/** Product Info's Next: Categories. */
export async function productInfoAction(user: SessionUser, product: WizardProduct, form: FormData) {
  const parsed = parseForm(productInfoSchema, form);
  if (!parsed.ok) return refused("product-info", parsed.errors, postedValues(form, formValues(product)));
  const result = await saveProductInfo(getDb(), user.id, product.id, parsed.data);
  if (result === "not found") return data<WizardActionData>({ intent: "product-info", errors: { form: "Product not found. It may have been removed." } }, { status: 404 });
  const next = stepUrl(product.id, "categories");
  return result === "revision" ? flashRedirect(next, PRODUCT_UPDATED_FOR_REVIEW) : redirect(next);
}

/** A live product's categories, checked like `updateProduct` checks them for the others. */
async function validCategories(tx: Tx, product: WizardProduct, categories: Categories): Promise<boolean> {
  const options = await taxonomyOptions(tx, "maker", { nicheIds: product.live.niche_ids, subcategoryIds: product.live.subcategory_ids });
  const niches = new Set(options.niches.map((n) => n.id));
  if (!categories.selectedCategories.every((id) => niches.has(id))) return false;
  const chosen = new Set(categories.selectedCategories);
  return categories.selectedSubcategories.every((id) => {
    const option = options.subcategories.find((s) => s.id === id);
    return option !== undefined && (product.live.subcategory_ids.includes(id) || option.nicheIds.some((n) => chosen.has(n)));
  });
}

/** Categories' Submit Product: the Congratulations dialog on success. */
export async function categoriesAction(user: SessionUser, product: WizardProduct, form: FormData) {
  const parsed = parseForm(categoriesSchema, form);
  const values = postedValues(form, formValues(product));
  if (!parsed.ok) return refused("submit", parsed.errors, values);
  let result: Awaited<ReturnType<typeof submitProduct>>;
  try {
    result = await submitProduct(getDb(), user.id, product.id, parsed.data, validCategories);
  } catch (error) {
    if (error instanceof ProductInputError) return refused("submit", error.errors, values);
    throw error;
  }
  if (result.ok) return data<WizardActionData>({ intent: "submit", submitted: true, revision: result.revision });
  switch (result.reason) {
    case "not found":
      return data<WizardActionData>({ intent: "submit", errors: { form: "Product not found. It may have been removed." } }, { status: 404 });
    case "details missing":
      return refused("submit", { form: MISSING_DETAILS }, values);
    case "locked niche removed":
      return refused("submit", { selectedCategories: NICHE_LOCKED }, values);
    case "invalid categories":
      return refused("submit", { selectedCategories: NICHE_REQUIRED }, values);
  }
}
