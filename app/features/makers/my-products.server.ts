/**
 * My Products' reads and writes. A product belongs to its submitter (`submitter_id`); every read
 * and write here filters on it, so another user's id is "not found" (decision 033). A live
 * product's edit becomes a pending revision (`product_revisions`) and the product row, which the
 * public pages read, keeps the approved version.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { invalidate, productTag } from "~/db/cache-bus.server";
import type { SessionUser } from "~/domain/auth/session.server";
import { productSlug } from "~/lib/slug";
import { formPricing, type MyProductCard, type MyProductsTab, type ProductBasics, type ProductBasicsValues } from "./my-products";

/** Cards per page of My Products: far more than a maker lists; the rest would need paging. */
const LIST_LIMIT = 200;

const TAB_FILTER: Record<MyProductsTab, ReturnType<typeof sql>> = {
  all: sql`true`,
  published: sql`p.status = 'live'`,
  drafts: sql`p.status = 'draft'`,
};

/**
 * The user's products and suggestions in a tab, newest first; `hasAny` tells "No Products Found"
 * (nothing at all) from an empty tab. Products hidden by moderation (`deleted`) are left out.
 */
export async function listMyProducts(db: Database, userId: string, tab: MyProductsTab): Promise<{ products: MyProductCard[]; hasAny: boolean }> {
  const products = await queryRows<MyProductCard>(
    db,
    sql`select p.id, p.product_name, p.slug, p.status, p.type, p.logo_url, p.website_url, p.created_at::text,
               case when p.type = 'suggestion' then p.headline end as headline,
               case when p.status = 'rejected' then p.review_note end as review_note,
               exists (select 1 from product_revisions r where r.product_id = p.id and r.status = 'pending') as pending_changes,
               case when p.is_advertised and p.ad_start_date is not null and p.ad_end_date is not null
                    then json_build_object('start', to_json(p.ad_start_date) #>> '{}', 'end', to_json(p.ad_end_date) #>> '{}') end as promotion
          from products p
         where p.submitter_id = ${userId} and p.status <> 'deleted' and ${TAB_FILTER[tab]}
         order by p.created_at desc, p.id desc
         limit ${LIST_LIMIT}`,
  );
  if (products.length || tab === "all") return { products, hasAny: products.length > 0 };
  const [any] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from products where submitter_id = ${userId} and status <> 'deleted') as found`,
  );
  return { products, hasAny: any?.found === true };
}

/** The columns the Basic Information form edits, as stored. */
interface BasicsRow {
  product_name: string;
  website_url: string | null;
  logo_url: string | null;
  pricing: string;
}
type BasicsColumn = keyof BasicsRow;
const BASICS_COLUMNS: BasicsColumn[] = ["product_name", "website_url", "logo_url", "pricing"];

function basicsRow(basics: ProductBasics): BasicsRow {
  return { product_name: basics.productName, website_url: basics.websiteUrl, logo_url: basics.logoUrl, pricing: basics.pricing };
}

export interface OwnProduct {
  id: number;
  status: string;
  values: ProductBasicsValues;
  /** A live product with an edit waiting for review: the form shows that edit. */
  pendingChanges: boolean;
}

/** The user's own product (not a suggestion, not hidden by moderation) for the edit form, or null. */
export async function loadOwnProduct(db: Database, userId: string, id: number): Promise<OwnProduct | null> {
  const [row] = await queryRows<BasicsRow & { id: number; status: string; changes: Partial<BasicsRow> | null }>(
    db,
    sql`select p.id, p.status, p.product_name, p.website_url, p.logo_url, p.pricing, r.changes
          from products p
          left join product_revisions r on r.product_id = p.id and r.status = 'pending'
         where p.id = ${id} and p.submitter_id = ${userId} and p.type = 'product' and p.status <> 'deleted'`,
  );
  if (!row) return null;
  const shown = { ...row, ...(row.changes ?? {}) };
  return {
    id: row.id,
    status: row.status,
    pendingChanges: row.changes !== null,
    values: {
      productName: shown.product_name,
      websiteUrl: shown.website_url ?? "",
      logoUrl: shown.logo_url ?? "",
      pricing: formPricing(shown.pricing),
    },
  };
}

/**
 * A slug for the name that no product has: the name's slug, else the first free `-2`, `-3`…
 * The insert or update that uses it still relies on the unique index (a race retries).
 */
async function freeSlug(db: Pick<Database, "execute">, name: string, exceptId: number | null = null): Promise<string> {
  const base = productSlug(name).slice(0, 120).replace(/-+$/, "") || "product";
  const taken = await queryRows<{ slug: string }>(
    db,
    sql`select slug from products
         where (slug = ${base} or (slug like ${`${base}-%`} and substr(slug, ${base.length + 2}) ~ '^[0-9]+$'))
           and id is distinct from ${exceptId}`,
  );
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

/** Runs `write` with a free slug, again with a fresh one if another write took it meanwhile. */
async function withFreeSlug<T>(db: Database, name: string, exceptId: number | null, write: (slug: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(await freeSlug(db, name, exceptId));
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/** A new draft from the Basic Information form; the submitter is also its first maker. */
export async function createDraft(db: Database, user: Pick<SessionUser, "id" | "email" | "profile">, basics: ProductBasics): Promise<number> {
  const row = basicsRow(basics);
  return withFreeSlug(db, basics.productName, null, (slug) =>
    db.transaction(async (tx) => {
      const [created] = await queryRows<{ id: number }>(
        tx,
        sql`insert into products (product_name, website_url, logo_url, pricing, slug, status, type, submitter_id, submitter_name, submitter_email)
            values (${row.product_name}, ${row.website_url}, ${row.logo_url}, ${row.pricing}, ${slug}, 'draft', 'product',
                    ${user.id}, ${user.profile.username ?? null}, ${user.email})
            returning id`,
      );
      await tx.execute(sql`insert into product_makers (product_id, profile_id) values (${created!.id}, ${user.id}) on conflict do nothing`);
      return created!.id;
    }),
  );
}

export type UpdateResult = "applied" | "revision" | "not found";

/**
 * The Basic Information form's edit of the user's product. Draft, pending and rejected products
 * change at once (a new name gets a new slug: nobody links to them yet). A live product is left
 * as it is; the edit is merged into its one pending revision, which keeps only the fields that
 * differ from the live version (an edit back to the live values withdraws the revision).
 */
export async function updateOwnProduct(db: Database, userId: string, id: number, basics: ProductBasics): Promise<UpdateResult> {
  const wanted = basicsRow(basics);
  return withFreeSlug(db, basics.productName, id, (slug) =>
    db.transaction(async (tx) => {
      const [current] = await queryRows<BasicsRow & { status: string }>(
        tx,
        sql`select status, product_name, website_url, logo_url, pricing from products
             where id = ${id} and submitter_id = ${userId} and type = 'product' and status <> 'deleted'
             for update`,
      );
      if (!current) return "not found";
      if (current.status !== "live") {
        await tx.execute(
          sql`update products
                 set product_name = ${wanted.product_name}, website_url = ${wanted.website_url}, logo_url = ${wanted.logo_url},
                     pricing = ${wanted.pricing}, slug = case when product_name = ${wanted.product_name} then slug else ${slug} end,
                     updated_at = now()
               where id = ${id}`,
        );
        return "applied";
      }
      await storeRevision(tx, userId, id, current, wanted);
      return "revision";
    }),
  );
}

async function storeRevision(tx: Pick<Database, "execute">, userId: string, id: number, live: BasicsRow, wanted: BasicsRow) {
  const [pending] = await queryRows<{ changes: Record<string, unknown> }>(
    tx,
    sql`select changes from product_revisions where product_id = ${id} and status = 'pending' for update`,
  );
  // Fields other forms (the wizard) put in the revision stay; this form's fields are judged anew.
  const changes: Record<string, unknown> = { ...(pending?.changes ?? {}) };
  for (const column of BASICS_COLUMNS) {
    if (wanted[column] === live[column]) delete changes[column];
    else changes[column] = wanted[column];
  }
  if (!Object.keys(changes).length) {
    await tx.execute(sql`delete from product_revisions where product_id = ${id} and status = 'pending'`);
    return;
  }
  await tx.execute(
    sql`insert into product_revisions (product_id, user_id, changes)
        values (${id}, ${userId}, ${JSON.stringify(changes)}::jsonb)
        on conflict (product_id) where status = 'pending'
        do update set changes = excluded.changes, user_id = excluded.user_id, created_at = now()`,
  );
}

/**
 * Deletes the user's product or suggestion; its relations (niches, subcategories, makers,
 * upvotes, saves, feedback, stats, claims, revisions) go with it through their cascading foreign
 * keys, in the same statement. A product the public could see leaves the page cache too.
 */
export async function deleteOwnProduct(db: Database, userId: string, id: number): Promise<boolean> {
  const [deleted] = await queryRows<{ slug: string; status: string; type: string }>(
    db,
    sql`delete from products where id = ${id} and submitter_id = ${userId} and status <> 'deleted' returning slug, status, type`,
  );
  if (!deleted) return false;
  if (deleted.status === "live" && deleted.type === "product") await invalidate(["lists", productTag(deleted.slug)]);
  return true;
}
