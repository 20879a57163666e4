/**
 * Writes a product and all its relations (niches, subcategories with the first niche as
 * category_id, tags, makers, the maker comment) in the caller's transaction: the spec's "relation
 * failures are only logged" became all or nothing (rulings). The caller passes the transaction so
 * that it can add `recordAudit` to it; it gets back what changed (for the audit diff) and the
 * cache tags to invalidate after the commit. Used by the admin product form and the maker wizard.
 */
import { sql } from "drizzle-orm";
import { productTag, type CacheTag } from "~/db/cache-bus.server";
import { queryRows, type Database } from "~/db/client.server";
import { intArray, textArray } from "~/db/sql-arrays";
import { diffFields, type FieldChanges } from "~/domain/audit/audit.server";
import { sanitizeDescription } from "~/lib/sanitize.server";
import { productSlug } from "~/lib/slug";
import {
  EMPTY_PRODUCT_VALUES,
  formPricing,
  NICHE_REQUIRED,
  type AdminStatus,
  type Categories,
  type ProductFormErrors,
  type ProductFormValues,
  type ProductInfo,
} from "./fields";

/** A transaction (or the database): what this module needs of it. Savepoints use `transaction`. */
export type Tx = Pick<Database, "execute" | "transaction">;

/** Refused input found while writing (an unknown niche...): thrown, so the transaction rolls back. */
export class ProductInputError extends Error {
  constructor(readonly errors: ProductFormErrors) {
    super(Object.values(errors).join("; "));
    this.name = "ProductInputError";
  }
}

/** A product as stored, with its relations: what the forms show and what the audit compares. */
export interface ProductSnapshot {
  id: number;
  slug: string;
  status: string;
  type: string;
  product_name: string;
  headline: string | null;
  tagline: string | null;
  description: string | null;
  website_url: string | null;
  logo_url: string | null;
  video_url: string | null;
  pricing: string;
  tags: string[];
  has_coupon: boolean;
  coupon_text: string | null;
  coupon_code: string | null;
  coupon_url: string | null;
  /** `YYYY-MM-DD` (UTC) or null, like the dates below. */
  coupon_expiry_date: string | null;
  is_advertised: boolean;
  ad_start_date: string | null;
  ad_end_date: string | null;
  maker_comment: string | null;
  submitter_id: string | null;
  /** The main niche (product_subcategories.category_id) first, then by id. */
  niche_ids: number[];
  subcategory_ids: number[];
  /** Verified makers (pending claims are not the form's). */
  maker_ids: string[];
}

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
  /** A status without the admin fields (the wizard's draft/pending). */
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

/* ---------------------------------------------------------------- Reading */

const SNAPSHOT = sql`p.id, p.slug, p.status, p.type, p.product_name, p.headline, p.tagline, p.description, p.website_url,
  p.logo_url, p.video_url, p.pricing, p.tags, p.has_coupon, p.coupon_text, p.coupon_code, p.coupon_url,
  to_char(p.coupon_expiry_date at time zone 'UTC', 'YYYY-MM-DD') as coupon_expiry_date, p.is_advertised,
  to_char(p.ad_start_date at time zone 'UTC', 'YYYY-MM-DD') as ad_start_date,
  to_char(p.ad_end_date at time zone 'UTC', 'YYYY-MM-DD') as ad_end_date, p.maker_comment, p.submitter_id,
  array(select pn.niche_id from product_niches pn where pn.product_id = p.id
         order by pn.niche_id = (select ps.category_id from product_subcategories ps
                                  where ps.product_id = p.id and ps.category_id is not null limit 1) desc nulls last,
                  pn.niche_id) as niche_ids,
  array(select ps.subcategory_id from product_subcategories ps where ps.product_id = p.id order by ps.subcategory_id) as subcategory_ids,
  array(select pm.profile_id from product_makers pm where pm.product_id = p.id and pm.status = 'verified'
         order by pm.created_at, pm.profile_id) as maker_ids`;

function normalizeSnapshot(row: ProductSnapshot): ProductSnapshot {
  return {
    ...row,
    tags: row.tags ?? [],
    niche_ids: (row.niche_ids ?? []).map(Number),
    subcategory_ids: (row.subcategory_ids ?? []).map(Number),
    maker_ids: row.maker_ids ?? [],
  };
}

/** The product with its relations, or null; `lock` takes a row lock (inside a transaction). */
export async function readProduct(db: Pick<Database, "execute">, id: number, lock = false): Promise<ProductSnapshot | null> {
  const [row] = await queryRows<ProductSnapshot>(db, sql`select ${SNAPSHOT} from products p where p.id = ${id} ${lock ? sql`for update of p` : sql``}`);
  return row ? normalizeSnapshot(row) : null;
}

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

/* ---------------------------------------------------------------- Writing */

const timestamp = (date: string | null) => (date ? `${date}T00:00:00Z` : null);

/** The column values of the groups being written. */
function columns(write: ProductWrite): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (write.info) {
    const info = write.info;
    Object.assign(values, {
      product_name: info.productName,
      headline: info.headline,
      tagline: info.tagline,
      description: sanitizeDescription(info.description),
      website_url: info.websiteUrl,
      logo_url: info.logoUrl,
      video_url: info.videoUrl,
      pricing: info.pricing,
      tags: info.features,
      has_coupon: info.hasCoupon,
      // No coupon, no coupon fields: the product page shows none.
      coupon_text: info.hasCoupon ? info.couponText : null,
      coupon_code: info.hasCoupon ? info.couponCode : null,
      coupon_url: info.hasCoupon ? info.couponUrl : null,
      coupon_expiry_date: info.hasCoupon ? timestamp(info.couponExpiryDate) : null,
    });
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

/** A slug no other product has: the name's slug, else the first free `-2`, `-3`... */
async function freeSlug(tx: Pick<Database, "execute">, name: string, exceptId: number | null): Promise<string> {
  const base = productSlug(name).slice(0, 120).replace(/-+$/, "") || "product";
  const taken = await queryRows<{ slug: string }>(
    tx,
    sql`select slug from products
         where (slug = ${base} or (slug like ${`${base.replace(/[\\%_]/g, "\\$&")}-%`} and substr(slug, ${base.length + 2}) ~ '^[0-9]+$'))
           and id is distinct from ${exceptId}`,
  );
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A unique violation of the slug (a driver that does not name the constraint counts as one). */
function isSlugTaken(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === "23505") return constraint === undefined || constraint === "products_slug_unique";
  }
  return false;
}

/** Runs `write` with a free slug inside a savepoint; again with a fresh slug if a concurrent write took it. */
async function withFreeSlug<T>(tx: Tx, name: string, exceptId: number | null, write: (slug: string, sp: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const slug = await freeSlug(tx, name, exceptId);
    try {
      return await tx.transaction((sp) => write(slug, sp));
    } catch (error) {
      if (!isSlugTaken(error) || attempt >= 5) throw error;
    }
  }
}

/** The chosen niches that exist (and, for makers, are selectable or already the product's), in order. */
async function checkedNiches(tx: Tx, ids: number[], current: number[], scope: "any" | "selectable"): Promise<number[]> {
  if (!ids.length) throw new ProductInputError({ selectedCategories: NICHE_REQUIRED });
  const rows = await queryRows<{ id: number }>(
    tx,
    scope === "any"
      ? sql`select id from niches where id = any(${intArray(ids)})`
      : sql`select n.id from niches n
             where n.id = any(${intArray(ids)})
               and (n.id = any(${intArray(current)})
                    or (n.status = 'published'
                        and exists (select 1 from product_niches pn join products p on p.id = pn.product_id
                                     where pn.niche_id = n.id and p.status = 'live' and p.type = 'product')))`,
  );
  const found = new Set(rows.map((row) => Number(row.id)));
  const kept = ids.filter((id) => found.has(id));
  if (!kept.length) throw new ProductInputError({ selectedCategories: NICHE_REQUIRED });
  return kept;
}

/** The chosen subcategories that belong to one of the niches (niche_subcategories) or are already the product's. */
async function checkedSubcategories(tx: Tx, ids: number[], nicheIds: number[], current: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select s.id from subcategories s
         where s.id = any(${intArray(ids)})
           and (s.id = any(${intArray(current)})
                or exists (select 1 from niche_subcategories ns where ns.subcategory_id = s.id and ns.niche_id = any(${intArray(nicheIds)})))`,
  );
  const found = new Set(rows.map((row) => Number(row.id)));
  return ids.filter((id) => found.has(id));
}

async function checkedMakers(tx: Tx, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await queryRows<{ id: string }>(tx, sql`select id from profiles where id = any(${textArray(ids)})`);
  const found = new Set(rows.map((row) => row.id));
  return ids.filter((id) => found.has(id));
}

async function writeRelations(tx: Tx, id: number, write: ProductWrite, before: ProductSnapshot | null, options: WriteOptions) {
  if (write.categories) {
    const nicheIds = await checkedNiches(tx, write.categories.selectedCategories, before?.niche_ids ?? [], options.nicheScope ?? "any");
    const subcategoryIds = await checkedSubcategories(tx, write.categories.selectedSubcategories, nicheIds, before?.subcategory_ids ?? []);
    await tx.execute(sql`delete from product_niches where product_id = ${id} and niche_id <> all(${intArray(nicheIds)})`);
    await tx.execute(
      sql`insert into product_niches (product_id, niche_id) select ${id}, unnest(${intArray(nicheIds)}) on conflict do nothing`,
    );
    await tx.execute(sql`delete from product_subcategories where product_id = ${id}`);
    if (subcategoryIds.length) {
      await tx.execute(
        sql`insert into product_subcategories (product_id, subcategory_id, category_id)
            select ${id}, unnest(${intArray(subcategoryIds)}), ${nicheIds[0]!}`,
      );
    }
  }
  if (write.makers) {
    const makers = await checkedMakers(tx, write.makers);
    await tx.execute(
      sql`delete from product_makers where product_id = ${id} and status = 'verified' and profile_id <> all(${textArray(makers)})`,
    );
    if (makers.length) {
      await tx.execute(
        sql`insert into product_makers (product_id, profile_id, status) select ${id}, unnest(${textArray(makers)}), 'verified'
            on conflict (product_id, profile_id) do update set status = 'verified'`,
      );
    }
  }
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
    const [created] = await queryRows<{ id: number }>(
      sp,
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
 * null when there is no such product. The slug is kept unless `renameSlug`.
 */
export async function updateProduct(tx: Tx, id: number, write: ProductWrite, options: WriteOptions = {}): Promise<SaveResult | null> {
  const before = await readProduct(tx, id, true);
  if (!before) return null;
  const values = columns(write);
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
