/**
 * My Products' reads: the cards of a tab with their 30-day activity, a product the user manages
 * for the edit form (the live row with its pending revision over it), and the badge's public
 * numbers. A product is managed by its submitter and its verified makers (`managedByAs`); every
 * read of the user's products filters on it, so anyone else's id is "not found" (decision 033).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
import { col, selectRow } from "~/db/rows.server";
import { managedByAs } from "~/domain/product-access.server";
import { dailyActivity } from "~/domain/product-activity.server";
import { listManagedProducts, managesAnyProduct } from "~/domain/products/managed.server";
import { publicProductFilter } from "~/domain/public-product.server";
import { ACTIVITY_METRICS, formPricing, type ActivityWindow, type MyProductCard, type MyProductsTab, type ProductActivity, type ProductBasicsValues } from "./makers";

/** Cards per page of My Products: far more than a maker lists; the rest would need paging. */
const LIST_LIMIT = 200;

const TAB_STATUS: Record<MyProductsTab, "live" | "draft" | undefined> = { all: undefined, published: "live", drafts: "draft" };

/**
 * The products the user manages (submitted, or verified maker of) and their suggestions in a tab,
 * newest first; `hasAny` tells "No Products Found" (nothing at all) from an empty tab. Products
 * hidden by moderation (`deleted`) are left out.
 */
export async function listMyProducts(db: Database, userId: string, tab: MyProductsTab): Promise<{ products: MyProductCard[]; hasAny: boolean }> {
  const products = await listManagedProducts(db, userId, { status: TAB_STATUS[tab], limit: LIST_LIMIT });
  if (products.length || tab === "all") return { products, hasAny: products.length > 0 };
  return { products, hasAny: await managesAnyProduct(db, userId) };
}

/**
 * The last 30 days of the user's listed products (suggestions have no public page, so no numbers),
 * in one query for all of them; the query itself keeps to the user's own products.
 */
export async function myProductsActivity(db: Pick<Database, "execute">, userId: string, products: readonly { id: number; type: string }[]): Promise<ActivityWindow> {
  const ids = products.filter((product) => product.type === "product").map((product) => product.id);
  const byProduct = await dailyActivity(db, userId, ids);
  const window: ActivityWindow = { days: [], products: {} };
  for (const [id, series] of byProduct) {
    window.days = series.map((point) => point.day);
    window.products[id] = Object.fromEntries(
      ACTIVITY_METRICS.map(({ key }) => [key, series.map((point) => point[key])]),
    ) as ProductActivity;
  }
  return window;
}

/** The columns the Basic Information and Edit Product forms edit, as stored. */
export interface BasicsRow {
  product_name: string;
  website_url: string | null;
  logo_url: string | null;
  pricing: string;
}
export interface TextRow {
  headline: string | null;
  tagline: string | null;
  description: string | null;
}
export type EditRow = BasicsRow & Partial<TextRow>;
export type EditColumn = keyof EditRow;

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
export type LoadedRow = BasicsRow & TextRow & { id: number; status: string; changes: Partial<EditRow> | null };

/** A product the user manages (not a suggestion, not hidden by moderation); `lock` holds it for the caller's transaction. */
export async function loadRow(db: Pick<Database, "execute">, userId: string, id: number, lock: boolean): Promise<LoadedRow | undefined> {
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
export function shownRow(row: LoadedRow): EditRow & TextRow {
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

/** The name and upvote count of a public product (the badge): one lookup on the unique slug index. */
export async function publicBadgeData(slug: string): Promise<{ productName: string; upvotes: number } | undefined> {
  const row = await selectRow(
    getDb(),
    z.object({ product_name: col.text, upvotes: col.int }),
    sql`select p.product_name, coalesce(s.upvotes, 0)::int as upvotes
        from products p left join product_stats s on s.product_id = p.id
        where p.slug = ${slug} and ${publicProductFilter}`,
  );
  return row && { productName: row.product_name, upvotes: row.upvotes };
}
