/**
 * The admin product edit page and its actions: Proceed (update), Delete, the Makers tab and the
 * Maker Comments tab. Each write is one transaction with its audit entry (decision 036), through
 * the shared product writer (decision 038); the product's pages leave the cache after the commit.
 */
import { data } from "react-router";
import { invalidate } from "~/db/cache-bus.server";
import { getDb } from "~/db/registry.server";
import { diffFields, recordAudit, type Actor } from "~/domain/audit/audit.server";
import { notifySubmitters, submitterMails, type SubmitterMail } from "~/domain/maker-mail.server";
import { makerProfiles } from "~/domain/people/maker-search.server";
import { adminProductSchema, makerCommentSchema, makersSchema, postedValues } from "~/domain/product-form/fields";
import { deleteProduct, ProductInputError, readProduct, snapshotToFormValues, updateProduct } from "~/domain/product-form/save-product.server";
import { taxonomyOptions } from "~/domain/product-form/taxonomy-options.server";
import { parseForm } from "~/lib/forms";
import { logger } from "~/lib/logger.server";
import {
  COMMENT_SAVED,
  DELETE_FAILED,
  editTab,
  LOAD_FAILED,
  MAKERS_UPDATED,
  NOT_FOUND,
  PRODUCT_DELETED,
  PRODUCT_UPDATED,
  SAVE_FAILED,
  type EditPageData,
  type FormRefusal,
} from "./admin-product-form";
import { flashRedirect, LIST_PATH, makerIdsOf, notFound, productIdParam, readForm, refuse, split } from "./admin-product-form.server";

/** The edit page: 'Invalid Product ID', the Not Found redirect, 'Error Loading Product', or the form. */
export async function editPage(request: Request, idParam: string | undefined): Promise<EditPageData> {
  const id = productIdParam(idParam);
  if (id === null) return { kind: "invalid" };
  const tab = editTab(new URL(request.url).searchParams.get("tab"));
  let loaded: EditPageData;
  try {
    const db = getDb();
    const product = await readProduct(db, id);
    if (!product || product.type !== "product") throw await flashRedirect(LIST_PATH, "error", NOT_FOUND);
    const [taxonomy, makers] = await Promise.all([
      taxonomyOptions(db, "admin", { nicheIds: product.niche_ids, subcategoryIds: product.subcategory_ids }),
      makerProfiles(product.maker_ids, { includeEmail: true }),
    ]);
    loaded = {
      kind: "ok",
      tab,
      product: { id, slug: product.slug, name: product.product_name, status: product.status, makerComment: product.maker_comment ?? "" },
      values: snapshotToFormValues(product),
      taxonomy,
      makers,
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    logger().error({ err: error, id }, "admin product load failed");
    return { kind: "error", message: LOAD_FAILED };
  }
  return loaded;
}

/** Proceed (update), Delete, the Makers tab and the Maker Comments tab. */
export async function editAction(request: Request, admin: Actor, idParam: string | undefined) {
  const id = productIdParam(idParam);
  if (id === null) return data({ errors: { form: "Invalid Product ID" }, intent: "unknown" } satisfies FormRefusal, { status: 400 });
  const form = await readForm(request);
  if (!form) return refuse({ errors: { form: SAVE_FAILED }, intent: "unknown" });
  const intent = form.get("intent");
  const here = `/admin/products/edit/${id}`;
  try {
    switch (intent) {
      case "update":
        return await update(admin, id, form);
      case "delete":
        return await remove(admin, id);
      case "makers":
        return await saveMakers(admin, id, form, here);
      case "maker-comment":
        return await saveComment(admin, id, form, here);
      default:
        return refuse({ errors: { form: "Unknown action" }, intent: "unknown" });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ProductInputError) return refuse({ errors: error.errors, values: postedValues(form), intent: String(intent) });
    logger().error({ err: error, id, intent }, "admin product write failed");
    const message = intent === "delete" ? DELETE_FAILED : SAVE_FAILED;
    return data({ errors: { form: message }, intent: String(intent) } satisfies FormRefusal, { status: 500 });
  }
}

async function update(admin: Actor, id: number, form: FormData) {
  const parsed = parseForm(adminProductSchema, form);
  if (!parsed.ok) return refuse({ errors: parsed.errors, values: postedValues(form), intent: "update" });
  let mails: SubmitterMail[] = [];
  const result = await getDb().transaction(async (tx) => {
    const saved = await updateProduct(tx, id, split(parsed.data));
    if (!saved) return null;
    if (Object.keys(saved.changes).length) {
      await recordAudit(tx, admin, { action: "product.update", entityType: "product", entityId: id, summary: saved.after.product_name, changes: saved.changes });
    }
    // Publishing tells the submitter (decision 043), after the commit.
    if (saved.before?.status !== "live" && saved.after.status === "live" && saved.after.type === "product") {
      mails = await submitterMails(tx, [id], "published");
    }
    return saved;
  });
  if (!result) return notFound();
  notifySubmitters(mails);
  await invalidate(result.cacheTags);
  return flashRedirect(LIST_PATH, "success", PRODUCT_UPDATED);
}

async function remove(admin: Actor, id: number) {
  const result = await getDb().transaction(async (tx) => {
    const deleted = await deleteProduct(tx, id);
    if (!deleted) return null;
    const { before } = deleted;
    await recordAudit(tx, admin, {
      action: "product.delete",
      entityType: "product",
      entityId: id,
      summary: before.product_name,
      changes: diffFields(null, { product_name: before.product_name, slug: before.slug, status: before.status }),
    });
    return deleted;
  });
  if (!result) return notFound();
  await invalidate(result.cacheTags);
  return flashRedirect(LIST_PATH, "success", PRODUCT_DELETED);
}

async function saveMakers(admin: Actor, id: number, form: FormData, here: string) {
  const parsed = parseForm(makersSchema, form);
  if (!parsed.ok) return refuse({ errors: parsed.errors, makers: await makerProfiles(makerIdsOf(form), { includeEmail: true }), intent: "makers" });
  const result = await getDb().transaction(async (tx) => {
    const saved = await updateProduct(tx, id, { makers: parsed.data.makers });
    if (!saved) return null;
    if (saved.changes.maker_ids) {
      await recordAudit(tx, admin, { action: "product.makers", entityType: "product", entityId: id, summary: saved.after.product_name, changes: saved.changes });
    }
    return saved;
  });
  if (!result) return notFound();
  await invalidate(result.cacheTags);
  return flashRedirect(`${here}?tab=makers`, "success", MAKERS_UPDATED);
}

async function saveComment(admin: Actor, id: number, form: FormData, here: string) {
  const parsed = parseForm(makerCommentSchema, form);
  if (!parsed.ok) {
    const typed = form.get("makerComment");
    return refuse({ errors: parsed.errors, makerComment: typeof typed === "string" ? typed.slice(0, 5_000) : "", intent: "maker-comment" });
  }
  const result = await getDb().transaction(async (tx) => {
    const saved = await updateProduct(tx, id, { makerComment: parsed.data.makerComment });
    if (!saved) return null;
    if (saved.changes.maker_comment) {
      await recordAudit(tx, admin, {
        action: "product.maker-comment",
        entityType: "product",
        entityId: id,
        summary: saved.after.product_name,
        changes: saved.changes,
      });
    }
    return saved;
  });
  if (!result) return notFound();
  await invalidate(result.cacheTags);
  return flashRedirect(`${here}?tab=comments`, "success", COMMENT_SAVED);
}
