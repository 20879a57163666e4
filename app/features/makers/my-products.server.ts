/**
 * My Products' reads and writes. A product is managed by its submitter and its verified makers
 * (`managedByAs`, a verified claim included); every read and write here filters on it, so anyone
 * else's id is "not found" (decision 033). Deleting stays the submitter's. A live product's edit
 * becomes a pending revision (`product_revisions`) and the product row, which the public pages
 * read, keeps the approved version.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { invalidate, productTag } from "~/db/cache-bus.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import type { SessionUser } from "~/domain/auth/session.server";
import { managedByAs } from "~/domain/product-access.server";
import { DESCRIPTION_REQUIRED, HEADLINE_REQUIRED } from "~/domain/product-form/fields";
import { deleteSubmitted, insertDraft, updateBasics } from "~/domain/products/edits.server";
import { sanitizeDescription } from "~/lib/sanitize.server";
import { formPricing, type MyProductCard, type MyProductsTab, type ProductBasics, type ProductBasicsValues } from "./my-products";

/** Cards per page of My Products: far more than a maker lists; the rest would need paging. */
const LIST_LIMIT = 200;

const TAB_FILTER: Record<MyProductsTab, ReturnType<typeof sql>> = {
  all: sql`true`,
  published: sql`p.status = 'live'`,
  drafts: sql`p.status = 'draft'`,
};

/**
 * The products the user manages (submitted, or verified maker of) and their suggestions in a tab,
 * newest first; `hasAny` tells "No Products Found" (nothing at all) from an empty tab. Products
 * hidden by moderation (`deleted`) are left out.
 */
const Card = z.object({
  id: col.int,
  product_name: col.text,
  slug: col.text,
  status: col.text,
  type: col.text,
  logo_url: col.text.nullable(),
  website_url: col.text.nullable(),
  created_at: col.text,
  is_submitter: col.bool,
  headline: col.text.nullable(),
  review_note: col.text.nullable(),
  pending_changes: col.bool,
  promotion: z.object({ start: col.text, end: col.text }).nullable(),
}) satisfies z.ZodType<MyProductCard>;

export async function listMyProducts(db: Database, userId: string, tab: MyProductsTab): Promise<{ products: MyProductCard[]; hasAny: boolean }> {
  const products: MyProductCard[] = await selectRows(
    db,
    Card,
    sql`select p.id, p.product_name, p.slug, p.status, p.type, p.logo_url, p.website_url, p.created_at::text,
               p.submitter_id is not distinct from ${userId} as is_submitter,
               case when p.type = 'suggestion' then p.headline end as headline,
               case when p.status = 'rejected' then p.review_note end as review_note,
               exists (select 1 from product_revisions r where r.product_id = p.id and r.status = 'pending') as pending_changes,
               case when p.is_advertised and p.ad_start_date is not null and p.ad_end_date is not null
                    then json_build_object('start', to_json(p.ad_start_date) #>> '{}', 'end', to_json(p.ad_end_date) #>> '{}') end as promotion
          from products p
         where ${managedByAs("p", userId)} and p.status <> 'deleted' and ${TAB_FILTER[tab]}
         order by p.created_at desc, p.id desc
         limit ${LIST_LIMIT}`,
  );
  if (products.length || tab === "all") return { products, hasAny: products.length > 0 };
  const any = await selectRow(
    db,
    z.object({ found: col.bool }),
    sql`select exists (select 1 from products p where ${managedByAs("p", userId)} and p.status <> 'deleted') as found`,
  );
  return { products, hasAny: any?.found === true };
}

/** The columns the Basic Information and Edit Product forms edit, as stored. */
interface BasicsRow {
  product_name: string;
  website_url: string | null;
  logo_url: string | null;
  pricing: string;
}
interface TextRow {
  headline: string | null;
  tagline: string | null;
  description: string | null;
}
type EditRow = BasicsRow & Partial<TextRow>;
type EditColumn = keyof EditRow;
const EDIT_COLUMNS: EditColumn[] = ["product_name", "website_url", "logo_url", "pricing", "headline", "tagline", "description"];
/** Submitted products need these (the wizard requires them): Edit Product may change them, not empty them. */
export const REQUIRED_TEXT = { headline: HEADLINE_REQUIRED, description: DESCRIPTION_REQUIRED } as const;

function basicsRow(basics: ProductBasics): BasicsRow {
  return { product_name: basics.productName, website_url: basics.websiteUrl, logo_url: basics.logoUrl, pricing: basics.pricing };
}

/** The listing's text from Edit Product: only the fields the form sent (an older form sends none). */
export type ProductText = Partial<Record<"headline" | "tagline" | "description", string>>;

function textRow(text: ProductText): Partial<TextRow> {
  const row: Partial<TextRow> = {};
  if (text.headline !== undefined) row.headline = text.headline || null;
  if (text.tagline !== undefined) row.tagline = text.tagline || null;
  if (text.description !== undefined) row.description = text.description ? sanitizeDescription(text.description) : null;
  return row;
}

/** Equal as the page shows them: text compared trimmed, a description as sanitized (stored text may predate sanitizing). */
function sameValue(column: EditColumn, a: string | null | undefined, b: string | null | undefined): boolean {
  const left = (a ?? "").trim();
  const right = (b ?? "").trim();
  if (column === "description") return sanitizeDescription(left) === sanitizeDescription(right);
  return left === right;
}

export interface OwnProduct {
  id: number;
  status: string;
  values: ProductBasicsValues;
  /** A live product with an edit waiting for review: the form shows that edit. */
  pendingChanges: boolean;
}

const LoadedRow = z.object({
  id: col.int,
  status: col.text,
  product_name: col.text,
  website_url: col.text.nullable(),
  logo_url: col.text.nullable(),
  pricing: col.text,
  headline: col.text.nullable(),
  tagline: col.text.nullable(),
  description: col.text.nullable(),
  /** The pending revision's fields, as the maker's forms stored them. */
  changes: z.record(z.string(), z.unknown()).nullable(),
});
type LoadedRow = BasicsRow & TextRow & { id: number; status: string; changes: Partial<EditRow> | null };

async function loadRow(db: Pick<Database, "execute">, userId: string, id: number, lock: boolean): Promise<LoadedRow | undefined> {
  const row: LoadedRow | undefined = await selectRow(
    db,
    LoadedRow,
    sql`select p.id, p.status, p.product_name, p.website_url, p.logo_url, p.pricing, p.headline, p.tagline, p.description,
               (select r.changes from product_revisions r where r.product_id = p.id and r.status = 'pending') as changes
          from products p
         where p.id = ${id} and ${managedByAs("p", userId)} and p.type = 'product' and p.status <> 'deleted'
         ${lock ? sql`for update of p` : sql``}`,
  );
  return row;
}

/** What the maker last saved: the live row with its pending revision over it. */
function shownRow(row: LoadedRow): EditRow & TextRow {
  const shown = { ...row, ...(row.changes ?? {}) };
  return {
    product_name: shown.product_name,
    website_url: shown.website_url,
    logo_url: shown.logo_url,
    pricing: shown.pricing,
    headline: shown.headline ?? null,
    tagline: shown.tagline ?? null,
    description: shown.description ?? null,
  };
}

/** A product the user manages (not a suggestion, not hidden by moderation) for the edit form, or null. */
export async function loadOwnProduct(db: Database, userId: string, id: number): Promise<OwnProduct | null> {
  const row = await loadRow(db, userId, id, false);
  if (!row) return null;
  const shown = shownRow(row);
  return {
    id: row.id,
    status: row.status,
    pendingChanges: row.changes !== null,
    values: {
      productName: shown.product_name,
      websiteUrl: shown.website_url ?? "",
      logoUrl: shown.logo_url ?? "",
      pricing: formPricing(shown.pricing),
      headline: shown.headline ?? "",
      tagline: shown.tagline ?? "",
      description: shown.description ?? "",
    },
  };
}

/** A new draft from the Basic Information form; the submitter is also its first maker. */
export async function createDraft(db: Database, user: Pick<SessionUser, "id" | "email" | "profile">, basics: ProductBasics): Promise<number> {
  return db.transaction((tx) => insertDraft(tx, basicsRow(basics), { id: user.id, name: user.profile.username ?? null, email: user.email }));
}

export type UpdateResult = "applied" | "revision" | "unchanged" | "not found" | { required: Array<keyof typeof REQUIRED_TEXT> };

/**
 * Edit Product's save of a product the user manages. Nothing that differs from what the form
 * showed (the live row, or its pending revision): "unchanged", nothing written or filed. Draft,
 * pending and rejected products change at once (a new name gets a new slug: nobody links to them
 * yet). A live product is left as it is; the edit is merged into its one pending revision, which
 * keeps only the fields that differ from the live version (an edit back to the live values
 * withdraws the revision).
 */
export async function updateOwnProduct(db: Database, userId: string, id: number, basics: ProductBasics, text: ProductText = {}): Promise<UpdateResult> {
  const wanted: EditRow = { ...basicsRow(basics), ...textRow(text) };
  return db.transaction(async (tx): Promise<UpdateResult> => {
    const current = await loadRow(tx, userId, id, true);
    if (!current) return "not found";
    const shown = shownRow(current);
    const columns = EDIT_COLUMNS.filter((column) => column in wanted);
    if (current.status !== "draft") {
      const emptied = (Object.keys(REQUIRED_TEXT) as Array<keyof typeof REQUIRED_TEXT>).filter((column) => column in wanted && !wanted[column] && shown[column]?.trim());
      if (emptied.length) return { required: emptied };
    }
    if (columns.every((column) => sameValue(column, wanted[column], shown[column]))) return "unchanged";
    if (current.status !== "live") {
      await updateBasics(tx, id, current, wanted);
      return "applied";
    }
    await storeRevision(tx, userId, id, current, wanted, columns);
    return "revision";
  });
}

async function storeRevision(tx: Pick<Database, "execute">, userId: string, id: number, live: LoadedRow, wanted: EditRow, columns: EditColumn[]) {
  const pending = await selectRow(
    tx,
    z.object({ changes: z.record(z.string(), z.unknown()) }),
    sql`select changes from product_revisions where product_id = ${id} and status = 'pending' for update`,
  );
  // Fields other forms (the wizard) put in the revision stay; this form's fields are judged anew.
  const changes: Record<string, unknown> = { ...(pending?.changes ?? {}) };
  for (const column of columns) {
    if (sameValue(column, wanted[column], live[column])) delete changes[column];
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
 * Deletes the user's product or suggestion (the submitter's only: a maker by claim edits, and
 * deleting is irreversible); its relations (niches, subcategories, makers,
 * upvotes, saves, feedback, stats, claims, revisions) go with it through their cascading foreign
 * keys, in the same statement. A product the public could see leaves the page cache too.
 */
export async function deleteOwnProduct(db: Database, userId: string, id: number): Promise<boolean> {
  const deleted = await deleteSubmitted(db, id, userId);
  if (!deleted) return false;
  if (deleted.status === "live" && deleted.type === "product") await invalidate(["lists", productTag(deleted.slug)]);
  return true;
}
