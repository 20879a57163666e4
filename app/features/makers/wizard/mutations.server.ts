/**
 * The wizard's writes, each in one transaction that first locks the caller's own product (another
 * user's id is "not found") and then writes through the shared product form's `updateProduct`
 * (app/domain/product-form/save-product.server.ts). A live product's listing edits go to its
 * pending revision instead of the public row (decision 033: `mergeRevision`, shared with Edit Product).
 */
import type { CacheTag } from "~/db/cache-bus.server";
import { type Database } from "~/db/client.server";
import { updateProduct, type ProductWrite, type Tx } from "~/domain/product-form/save-product.server";
import type { Categories, ProductInfo } from "~/domain/product-form/fields";
import { infoColumns } from "~/domain/products/info-columns.server";
import { mergeRevision } from "../mutations.server";
import { loadWizardProduct, progressFacts, type WizardColumns, type WizardProduct } from "./queries.server";
import { hasStarted } from "./wizard";

export type WriteResult = "applied" | "revision" | "not found";

/** Runs `write` on the caller's product, locked for the transaction; "not found" when it is not theirs. */
export async function withOwnProduct<T>(db: Database, userId: string, id: number, write: (tx: Tx, product: WizardProduct) => Promise<T>): Promise<T | "not found"> {
  return db.transaction(async (tx) => {
    const product = await loadWizardProduct(tx, userId, id, true);
    if (!product) return "not found" as const;
    return write(tx, product);
  });
}

/** Product Info: applied to a draft, pending or rejected product (a new name, a new slug), a revision of a live one. */
export async function saveProductInfo(db: Database, userId: string, id: number, info: ProductInfo): Promise<WriteResult> {
  return withOwnProduct(db, userId, id, async (tx, product) => {
    if (product.status === "live") {
      await mergeRevision<WizardColumns>(tx, userId, id, product.live, infoColumns(info));
      return "revision";
    }
    await updateProduct(tx, id, { info }, { renameSlug: true, nicheScope: "selectable" });
    return "applied";
  });
}

export type SubmitResult =
  | { ok: true; revision: boolean }
  | { ok: false; reason: "not found" | "details missing" | "locked niche removed" | "invalid categories" };

/**
 * Submit Product: the categories (niches checked by `updateProduct`: selectable ones or the
 * product's own), then a draft or rejected product goes to pending; a pending one stays (a second
 * click changes nothing). The niches the product had before may not be removed. A live product
 * keeps its status and its categories wait in the revision (`valid` checks them first).
 */
export async function submitProduct(
  db: Database,
  userId: string,
  id: number,
  categories: Categories,
  valid: (tx: Tx, product: WizardProduct, categories: Categories) => Promise<boolean>,
): Promise<SubmitResult> {
  const result = await withOwnProduct(db, userId, id, async (tx, product): Promise<SubmitResult> => {
    if (!hasStarted(progressFacts(product))) return { ok: false, reason: "details missing" };
    if (product.lockedNicheIds.some((nicheId) => !categories.selectedCategories.includes(nicheId))) return { ok: false, reason: "locked niche removed" };
    if (product.status === "live") {
      if (!(await valid(tx, product, categories))) return { ok: false, reason: "invalid categories" };
      await mergeRevision(tx, userId, id, product.live, { niche_ids: categories.selectedCategories, subcategory_ids: categories.selectedSubcategories });
      return { ok: true, revision: true };
    }
    const write: ProductWrite = { categories, status: "pending" };
    await updateProduct(tx, id, write, { nicheScope: "selectable" });
    return { ok: true, revision: false };
  });
  return result === "not found" ? { ok: false, reason: "not found" } : result;
}

/** Maker Comments: saved on the product (shown on its page), or in the revision of a live one. */
export async function saveMakerComment(db: Database, userId: string, id: number, comment: string): Promise<WriteResult> {
  return withOwnProduct(db, userId, id, async (tx, product) => {
    if (product.status === "live") {
      await mergeRevision(tx, userId, id, product.live, { maker_comment: comment });
      return "revision";
    }
    await updateProduct(tx, id, { makerComment: comment });
    return "applied";
  });
}

/**
 * Makers: the submitter always stays; the others become `makerIds` (unknown profiles are left
 * out, pending claims left alone). Makers are credits between people rather than listing
 * content, so a live product's makers change at once (decision 039).
 */
export async function saveMakers(db: Database, userId: string, id: number, makerIds: string[]): Promise<{ result: WriteResult; cacheTags: CacheTag[] }> {
  const saved = await withOwnProduct(db, userId, id, async (tx, product) => {
    // A product without a submitter (a claimed demo or imported one) has only the makers chosen here.
    const makers = [...(product.submitter_id ? [product.submitter_id] : []), ...makerIds.filter((makerId) => makerId !== product.submitter_id)];
    const written = await updateProduct(tx, id, { makers });
    return product.status === "live" && written ? written.cacheTags : ([] as CacheTag[]);
  });
  return saved === "not found" ? { result: "not found", cacheTags: [] } : { result: "applied", cacheTags: saved };
}
