/**
 * The admin product form's writes: Create Product, Proceed (update), Delete, the makers and the
 * maker comment. Each is one transaction with its audit entry (decision 036), through the shared
 * product writer (decision 038); the caller drops the cache tags it returns after the commit.
 * Null: the product is gone (or, on create, this rendering of the form already made one).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/db/registry.server";
import { col, selectRow } from "~/db/rows.server";
import { diffFields, recordAudit, type Actor } from "~/domain/audit/audit.server";
import { submitterMails, type SubmitterMail } from "~/domain/maker-mail.server";
import type { AdminCreate, AdminProduct } from "~/domain/product-form/fields";
import { createProduct, deleteProduct, updateProduct, type Tx } from "~/domain/product-form/save-product.server";

/** The form's fields as the product writer's groups. */
function split(form: AdminProduct) {
  const { selectedCategories, selectedSubcategories, status, isAdvertised, adStartDate, adEndDate, ...info } = form;
  return { info, categories: { selectedCategories, selectedSubcategories }, admin: { status, isAdvertised, adStartDate, adEndDate } };
}

/** This admin already created a product from this rendering of the form (serialised per token). */
async function alreadySubmitted(tx: Tx, admin: Actor, token: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`product-create:${token}`}))`);
  const row = await selectRow(
    tx,
    z.object({ found: col.bool }),
    sql`select exists (select 1 from audit_log
                        where actor_id = ${admin.id} and created_at > now() - interval '1 day'
                          and action = 'product.create' and changes -> 'submission' ->> 'after' = ${token}) as found`,
  );
  return row?.found === true;
}

/** The product, its relations, makers and comment; the form's one-time `token` makes a double submit create one product. */
export async function createAdminProduct(admin: Actor, form: AdminCreate, token: string | null) {
  const { makers, makerComment, ...product } = form;
  return getDb().transaction(async (tx) => {
    if (token && (await alreadySubmitted(tx, admin, token))) return null;
    const saved = await createProduct(tx, { ...split(product), makers, makerComment });
    await recordAudit(tx, admin, {
      action: "product.create",
      entityType: "product",
      entityId: saved.id,
      summary: saved.after.product_name,
      changes: token ? { ...saved.changes, submission: { before: null, after: token } } : saved.changes,
    });
    return saved;
  });
}

/** Proceed: the whole form; publishing also gives the submitter's e-mails to send after the commit (decision 043). */
export async function updateAdminProduct(admin: Actor, id: number, form: AdminProduct) {
  let mails: SubmitterMail[] = [];
  const saved = await getDb().transaction(async (tx) => {
    const saved = await updateProduct(tx, id, split(form));
    if (!saved) return null;
    if (Object.keys(saved.changes).length) {
      await recordAudit(tx, admin, { action: "product.update", entityType: "product", entityId: id, summary: saved.after.product_name, changes: saved.changes });
    }
    if (saved.before?.status !== "live" && saved.after.status === "live" && saved.after.type === "product") {
      mails = await submitterMails(tx, [id], "published");
    }
    return saved;
  });
  return saved && { saved, mails };
}

export async function deleteAdminProduct(admin: Actor, id: number) {
  return getDb().transaction(async (tx) => {
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
}

/** The Makers tab: the full set of makers (audited when it changed). */
export async function setProductMakers(admin: Actor, id: number, makers: string[]) {
  return getDb().transaction(async (tx) => {
    const saved = await updateProduct(tx, id, { makers });
    if (!saved) return null;
    if (saved.changes.maker_ids) {
      await recordAudit(tx, admin, { action: "product.makers", entityType: "product", entityId: id, summary: saved.after.product_name, changes: saved.changes });
    }
    return saved;
  });
}

/** The Maker Comments tab (audited when it changed). */
export async function setMakerComment(admin: Actor, id: number, makerComment: string) {
  return getDb().transaction(async (tx) => {
    const saved = await updateProduct(tx, id, { makerComment });
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
}
