/**
 * Writes a product and all its relations (niches, subcategories with the first niche as
 * category_id, tags, makers, the maker comment) in the caller's transaction: the spec's "relation
 * failures are only logged" became all or nothing (rulings). The caller passes the transaction so
 * that it can add `recordAudit` to it; it gets back what changed (for the audit diff) and the
 * cache tags to invalidate after the commit. Used by the admin product form, the maker wizard and
 * the approval of a revision's categories. A status change is checked like every move (`canMove`).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { productTag, type CacheTag } from "~/db/cache-bus.server";
import { col, selectRow } from "~/db/rows.server";
import { textArray } from "~/db/sql-arrays";
import { diffFields, type FieldChanges } from "~/domain/audit/audit.server";
import type { AdminStatus, Categories, ProductInfo } from "~/domain/product-form/fields";
import { infoColumns } from "./info-columns.server";
import { writeCategories, writeMakers } from "./relations.server";
import { withFreeSlug, type Tx } from "./slug.server";
import { readProduct, type ProductSnapshot } from "./snapshot.server";
import { canMove, ProductMoveError } from "./transitions";

export { ProductInputError } from "./relations.server";
export type { Tx } from "./slug.server";
export { readProduct, type ProductSnapshot } from "./snapshot.server";

/** Admin-only columns. */
export interface AdminFields {
  status: AdminStatus;
  isAdvertised: boolean;
  adStartDate: string | null;
  adEndDate: string | null;
}

/** What to write; a group left out is left as it is (an update of one wizard step). */
export interface ProductWrite {
  info?: ProductInfo;
  categories?: Categories;
  admin?: AdminFields;
  /** A status without the admin fields (the wizard's draft/pending): a maker's move. */
  status?: "draft" | "pending" | "live" | "rejected";
  /** The full set of verified makers (profile ids). */
  makers?: string[];
  makerComment?: string | null;
}

export interface NewProduct extends ProductWrite {
  info: ProductInfo;
  /** Who submitted it (a maker's wizard); null for an admin's product. */
  submitter?: { id: string; name: string | null; email: string } | null;
}

export interface WriteOptions {
  /**
   * Which niches may be chosen: `any` existing niche (admins), or `selectable` ones, published
   * with at least one live product (makers). Niches the product already has are always kept.
   */
  nicheScope?: "any" | "selectable";
  /** On update, a new name gives a new slug (for products nobody links to yet). Default: keep the slug. */
  renameSlug?: boolean;
}

export interface SaveResult {
  id: number;
  slug: string;
  before: ProductSnapshot | null;
  after: ProductSnapshot;
  /** `diffFields(before, after)` over the stored columns and the relations (niche_ids, ...). */
  changes: FieldChanges;
  /** Invalidate after the commit: the lists and the product's page (old and new slug). */
  cacheTags: CacheTag[];
}

const timestamp = (date: string | null) => (date ? `${date}T00:00:00Z` : null);

/** The column values of the groups being written. */
function columns(write: ProductWrite): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (write.info) {
    const info = infoColumns(write.info);
    // The product row keeps the coupon's expiry as a timestamp.
    Object.assign(values, info, { coupon_expiry_date: timestamp(info.coupon_expiry_date) });
  }
  if (write.status) values.status = write.status;
  if (write.admin) {
    Object.assign(values, {
      status: write.admin.status,
      is_advertised: write.admin.isAdvertised,
      ad_start_date: timestamp(write.admin.adStartDate),
      ad_end_date: timestamp(write.admin.adEndDate),
    });
  }
  if (write.makerComment !== undefined) values.maker_comment = write.makerComment;
  return values;
}

function valueSql(column: string, value: unknown) {
  if (column === "tags") return textArray(value as string[]);
  if (column.endsWith("_date")) return sql`${value as string | null}::timestamptz`;
  return sql`${value as string | boolean | null}`;
}

async function writeRelations(tx: Tx, id: number, write: ProductWrite, before: ProductSnapshot | null, options: WriteOptions) {
  if (write.categories) await writeCategories(tx, id, write.categories, before, options.nicheScope ?? "any");
  if (write.makers) await writeMakers(tx, id, write.makers);
}

function cacheTags(before: ProductSnapshot | null, after: ProductSnapshot): CacheTag[] {
  const tags: CacheTag[] = ["lists", productTag(after.slug)];
  if (before && before.slug !== after.slug) tags.push(productTag(before.slug));
  return tags;
}

/** What the audit compares: everything but the id. */
function comparable(snapshot: ProductSnapshot): Record<string, unknown> {
  const { id: _id, ...rest } = snapshot;
  return rest;
}

const Created = z.object({ id: col.int });

/**
 * Creates a product (type product) and its relations in `tx`, with a unique slug from the name.
 * Status: `admin.status`, else `status`, else pending (the spec's default for submissions).
 * Throws ProductInputError (no niche left after checking the ids): the transaction must roll back.
 */
export async function createProduct(tx: Tx, input: NewProduct, options: WriteOptions = {}): Promise<SaveResult> {
  const values = columns(input);
  values.status ??= "pending";
  const submitter = input.submitter ?? null;
  const id = await withFreeSlug(tx, input.info.productName, null, async (slug, sp) => {
    const names = Object.keys(values);
    const created = await selectRow(
      sp,
      Created,
      sql`insert into products (${sql.raw(names.join(", "))}, slug, type, submitter_id, submitter_name, submitter_email)
          values (${sql.join(
            names.map((name) => valueSql(name, values[name])),
            sql`, `,
          )}, ${slug}, 'product', ${submitter?.id ?? null}, ${submitter?.name ?? null}, ${submitter?.email ?? null})
          returning id`,
    );
    return created!.id;
  });
  await writeRelations(tx, id, input, null, options);
  const after = (await readProduct(tx, id))!;
  return { id, slug: after.slug, before: null, after, changes: diffFields(null, comparable(after)), cacheTags: cacheTags(null, after) };
}

/**
 * Updates the groups `write` holds of product `id` (any status or type) and its relations in `tx`;
 * null when there is no such product. The slug is kept unless `renameSlug`. A new status is a move
 * by an admin (with `admin`) or a maker (`status` alone), refused with ProductMoveError before
 * anything is written when the table does not allow it.
 */
export async function updateProduct(tx: Tx, id: number, write: ProductWrite, options: WriteOptions = {}): Promise<SaveResult | null> {
  const before = await readProduct(tx, id, true);
  if (!before) return null;
  const values = columns(write);
  if (typeof values.status === "string" && !canMove(write.admin ? "admin" : "maker", before.status, values.status)) {
    throw new ProductMoveError([{ id, from: before.status, to: values.status }]);
  }
  const names = Object.keys(values);
  const assign = names.map((name) => sql`${sql.raw(name)} = ${valueSql(name, values[name])}`);
  if (options.renameSlug && write.info && write.info.productName !== before.product_name) {
    await withFreeSlug(tx, write.info.productName, id, (slug, sp) =>
      sp.execute(sql`update products set ${sql.join([...assign, sql`slug = ${slug}`], sql`, `)}, updated_at = now() where id = ${id}`),
    );
  } else if (assign.length) {
    await tx.execute(sql`update products set ${sql.join(assign, sql`, `)}, updated_at = now() where id = ${id}`);
  }
  await writeRelations(tx, id, write, before, options);
  const after = (await readProduct(tx, id))!;
  return { id, slug: after.slug, before, after, changes: diffFields(comparable(before), comparable(after)), cacheTags: cacheTags(before, after) };
}

/**
 * Deletes product `id`; its relations (niches, subcategories, makers, upvotes, saves, feedback,
 * claims, revisions) go with it through their cascading foreign keys. Null when there is none.
 */
export async function deleteProduct(tx: Tx, id: number): Promise<{ before: ProductSnapshot; cacheTags: CacheTag[] } | null> {
  const before = await readProduct(tx, id, true);
  if (!before) return null;
  await tx.execute(sql`delete from products where id = ${id}`);
  return { before, cacheTags: ["lists", productTag(before.slug)] };
}
