/**
 * The wizard's reads: the caller's own product as the wizard shows it (the live row merged with
 * its pending revision) and as the form's values, its makers, the niches a maker may choose, and
 * the launch platforms. Every product read filters on the
 * product's makers (submitter or verified maker) in the same statement, so anyone else's id is
 * "not found" (decision 033).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { managedByAs } from "~/domain/product-access.server";
import type { Categories } from "~/domain/product-form/fields";
import { snapshotToFormValues, type Tx } from "~/domain/product-form/save-product.server";
import { taxonomyOptions } from "~/domain/product-form/taxonomy-options.server";
import { LAUNCH_PLATFORMS_MAX, LAUNCH_SUBCATEGORY_SLUG, type LaunchPlatform, type ProgressFacts } from "./wizard";

const WizardMaker = z.object({ id: col.text, username: col.text.nullable(), avatar_url: col.text.nullable() });
export type WizardMaker = z.output<typeof WizardMaker>;

/** The product columns the wizard edits, as stored (and as a revision's `changes` names them). */
export interface WizardColumns {
  product_name: string;
  website_url: string | null;
  logo_url: string | null;
  headline: string | null;
  tagline: string | null;
  description: string | null;
  video_url: string | null;
  pricing: string;
  tags: string[];
  has_coupon: boolean;
  coupon_text: string | null;
  coupon_code: string | null;
  coupon_url: string | null;
  coupon_expiry_date: string | null;
  maker_comment: string | null;
  /** Relations, kept in a revision under these names (the product's own rows otherwise). */
  niche_ids: number[];
  subcategory_ids: number[];
}

export interface WizardProduct extends WizardColumns {
  id: number;
  slug: string;
  status: string;
  /** Null for a demo or imported product whose maker came by a claim. */
  submitter_id: string | null;
  upvotes: number;
  /** A live product with an edit waiting for review: the wizard shows that edit. */
  pendingChanges: boolean;
  /** The niches assigned before this edit: a non-admin may not remove them (spec, section 6). */
  lockedNicheIds: number[];
  /** The live row as the public sees it (for revisions: the base the changes are compared with). */
  live: WizardColumns;
}

const ids = z.array(col.int).nullable().transform((v) => v ?? []);

const Row = z.object({
  id: col.int,
  slug: col.text,
  status: col.text,
  submitter_id: col.text.nullable(),
  upvotes: col.int,
  product_name: col.text,
  website_url: col.text.nullable(),
  logo_url: col.text.nullable(),
  headline: col.text.nullable(),
  tagline: col.text.nullable(),
  description: col.text.nullable(),
  video_url: col.text.nullable(),
  pricing: col.text,
  tags: col.texts.nullable().transform((v) => v ?? []),
  has_coupon: col.bool,
  coupon_text: col.text.nullable(),
  coupon_code: col.text.nullable(),
  coupon_url: col.text.nullable(),
  coupon_expiry_date: col.text.nullable(),
  maker_comment: col.text.nullable(),
  niche_ids: ids,
  subcategory_ids: ids,
  /** The pending revision's fields, as the maker's forms stored them. */
  changes: z.record(z.string(), z.unknown()).nullable(),
});

/** A product the caller manages (not a suggestion, not hidden by moderation), or null. */
export async function loadWizardProduct(db: Pick<Database, "execute">, userId: string, id: number, lock = false): Promise<WizardProduct | null> {
  const row = await selectRow(
    db,
    Row,
    sql`select p.id, p.slug, p.status, p.submitter_id, p.product_name, p.website_url, p.logo_url, p.headline, p.tagline,
               p.description, p.video_url, p.pricing, p.tags, p.has_coupon, p.coupon_text, p.coupon_code, p.coupon_url,
               to_char(p.coupon_expiry_date at time zone 'UTC', 'YYYY-MM-DD') as coupon_expiry_date, p.maker_comment,
               array(select n.niche_id from product_niches n where n.product_id = p.id order by n.niche_id) as niche_ids,
               array(select s.subcategory_id from product_subcategories s where s.product_id = p.id order by s.subcategory_id) as subcategory_ids,
               coalesce((select st.upvotes from product_stats st where st.product_id = p.id), 0)::int as upvotes,
               (select r.changes from product_revisions r where r.product_id = p.id and r.status = 'pending') as changes
          from products p
         where p.id = ${id} and ${managedByAs("p", userId)} and p.type = 'product' and p.status <> 'deleted'
         ${lock ? sql`for update of p` : sql``}`,
  );
  if (!row) return null;
  const { changes, id: productId, slug, status, submitter_id, upvotes, ...stored } = row;
  const live: WizardColumns = stored;
  const shown = { ...live, ...((changes ?? {}) as Partial<WizardColumns>) };
  return {
    ...shown,
    id: productId,
    slug,
    status,
    submitter_id,
    upvotes,
    pendingChanges: changes !== null,
    lockedNicheIds: status === "draft" ? [] : live.niche_ids,
    live,
  };
}

export function progressFacts(product: Pick<WizardProduct, "status" | "headline" | "description" | "maker_comment">): ProgressFacts {
  return { status: product.status, headline: product.headline, description: product.description, makerComment: product.maker_comment };
}

/** The product's makers (verified), its submitter first. */
export async function listMakers(db: Pick<Database, "execute">, productId: number, submitterId: string | null): Promise<WizardMaker[]> {
  return selectRows(
    db,
    WizardMaker,
    sql`select pr.id, pr.username, pr.avatar_url
          from product_makers pm join profiles pr on pr.id = pm.profile_id
         where pm.product_id = ${productId} and pm.status = 'verified'
         order by (pm.profile_id = ${submitterId}) is true desc, pm.created_at, pr.username`,
  );
}

export interface LaunchPlatforms {
  platforms: LaunchPlatform[];
  /** The subcategory's page, when it exists (a published niche lists it). */
  seeMoreUrl: string | null;
}

/**
 * Up to five live products of the marketing-sites subcategory (spec, section 7), most upvoted
 * first, and the subcategory's page (under indie-hackers when that niche lists it). Empty when
 * the catalogue has none: the page falls back to its built-in platforms.
 */
export async function launchPlatforms(db: Pick<Database, "execute">): Promise<LaunchPlatforms> {
  const platforms = await selectRows(
    db,
    z.object({ name: col.text, description: col.text.nullable(), url: col.text, logo_url: col.text.nullable() }),
    sql`select p.product_name as name, coalesce(p.tagline, p.headline) as description, p.website_url as url, p.logo_url
          from subcategories sc
          join product_subcategories ps on ps.subcategory_id = sc.id
          join products p on p.id = ps.product_id and p.status = 'live' and p.type = 'product' and p.website_url is not null
          left join product_stats st on st.product_id = p.id
         where sc.slug = ${LAUNCH_SUBCATEGORY_SLUG} and sc.status = 'published'
         order by coalesce(st.upvotes, 0) desc, p.id
         limit ${LAUNCH_PLATFORMS_MAX}`,
  );
  const page = await selectRow(
    db,
    z.object({ niche: col.text, subcategory: col.text }),
    sql`select n.slug as niche, sc.slug as subcategory
          from subcategories sc
          join niche_subcategories ns on ns.subcategory_id = sc.id
          join niches n on n.id = ns.niche_id and n.status = 'published'
         where sc.slug = ${LAUNCH_SUBCATEGORY_SLUG} and sc.status = 'published'
         order by (n.slug = 'indie-hackers') desc, n.name
         limit 1`,
  );
  return {
    platforms: platforms.map((p) => ({ name: p.name, description: p.description ?? "", url: p.url, logoUrl: p.logo_url })),
    seeMoreUrl: page ? `/niche/${encodeURIComponent(page.niche)}/subcategory/${encodeURIComponent(page.subcategory)}` : null,
  };
}

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

/** A live product's categories, checked like `updateProduct` checks them for the others. */
export async function validCategories(tx: Tx, product: WizardProduct, categories: Categories): Promise<boolean> {
  const options = await taxonomyOptions(tx, "maker", { nicheIds: product.live.niche_ids, subcategoryIds: product.live.subcategory_ids });
  const niches = new Set(options.niches.map((n) => n.id));
  if (!categories.selectedCategories.every((id) => niches.has(id))) return false;
  const chosen = new Set(categories.selectedCategories);
  return categories.selectedSubcategories.every((id) => {
    const option = options.subcategories.find((s) => s.id === id);
    return option !== undefined && (product.live.subcategory_ids.includes(id) || option.nicheIds.some((n) => chosen.has(n)));
  });
}
