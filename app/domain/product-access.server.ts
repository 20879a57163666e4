import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";

/**
 * The one definition of "this user may manage this product" (edit it, see its statistics,
 * advertise it, see it in My Products): its submitter, or a verified maker (a `product_makers`
 * row, which a verified claim, automatic or by an admin, writes in the same transaction as the
 * claim's verification). Ruling of 2026-11-29, decision 033. Deleting stays the submitter's.
 *
 * For hand-written SQL that names the products table by an alias: `where ${managedByAs("p", userId)}`.
 */
export function managedByAs(alias: string, userId: string): SQL {
  const table = sql.raw(alias);
  // `is true`: never null (a product without a submitter), so it also reads right in a select list.
  return sql`((${table}.submitter_id = ${userId}) is true or exists (select 1 from product_makers pm_manage
              where pm_manage.product_id = ${table}.id and pm_manage.profile_id = ${userId} and pm_manage.status = 'verified'))`;
}

/** Whether the user may manage the product (any status; the caller decides which statuses count). */
export async function mayManageProduct(db: Pick<Database, "execute">, userId: string, productId: number): Promise<boolean> {
  const row = await selectRow(
    db,
    z.object({ ok: col.bool }),
    sql`select exists (select 1 from products p where p.id = ${productId} and ${managedByAs("p", userId)}) as ok`,
  );
  return row?.ok === true;
}

/** For a product already loaded with its verified makers: no query. */
export function isProductMaker(product: { submitter_id: string | null; makers: readonly { id: string }[] }, userId: string | null | undefined): boolean {
  if (!userId) return false;
  return product.submitter_id === userId || product.makers.some((maker) => maker.id === userId);
}
