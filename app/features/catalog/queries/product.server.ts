import { sql } from "drizzle-orm";
import { z } from "zod";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { intArray, textArray } from "~/db/sql-arrays";
import { getDb } from "~/db/registry.server";
import { productTag, profileTag } from "~/db/cache-bus.server";
import { cachedRead } from "~/db/data-cache.server";
import { sanitizeDescription } from "~/lib/sanitize.server";
import { memo } from "../memo.server";
import type { ProductCard } from "~/domain/product-card";
import { CardRow, productCardColumns, queryCards } from "~/domain/product-card.server";
import { publicProductAs, publicProductFilter } from "~/domain/public-product.server";
import type { NicheRef } from "./taxonomy.server";

export interface ProductDetail extends ProductCard {
  headline: string | null;
  description_html: string;
  video_url: string | null;
  comments: number;
  bookmarks: number;
  has_coupon: boolean;
  coupon_text: string | null;
  coupon_code: string | null;
  coupon_url: string | null;
  coupon_expiry_date: string | null;
  submitter_id: string | null;
  maker_comment: string | null;
  updated_at: string;
  niches: NicheRef[];
  subcategories: NicheRef[];
  makers: { id: string; username: string | null; avatar_url: string | null; career: string | null }[];
}

const Ref = z.object({ id: z.number(), name: z.string(), slug: z.string() });
const Maker = z.object({ id: z.string(), username: z.string().nullable(), avatar_url: z.string().nullable(), career: z.string().nullable() });
/** A `json_agg` list, null when nothing matched. */
const listOf = <T extends z.ZodType>(item: T) => z.array(item).nullable().transform((list) => list ?? []);
const isoDate = col.date.transform((date) => date.toISOString());

const DetailRow = CardRow.extend({
  headline: col.text.nullable(),
  video_url: col.text.nullable(),
  has_coupon: col.bool,
  coupon_text: col.text.nullable(),
  coupon_code: col.text.nullable(),
  coupon_url: col.text.nullable(),
  coupon_expiry_date: isoDate.nullable(),
  submitter_id: col.text.nullable(),
  maker_comment: col.text.nullable(),
  updated_at: isoDate,
  comments: col.int,
  bookmarks: col.int,
  niches: listOf(Ref),
  subcategories: listOf(Ref),
  makers: listOf(Maker),
});

/**
 * A live product by slug with what its page shows, or undefined. Cached until a write to the
 * product (its row, links, counts, makers) or to a maker's profile invalidates it on any instance.
 */
export function getPublicProduct(slug: string): Promise<ProductDetail | undefined> {
  return cachedRead({
    key: `product:${slug}`,
    tags: [productTag(slug)],
    tagsOf: (product) => product?.makers.map((maker) => profileTag(maker.id)) ?? [],
    load: () => loadPublicProduct(slug),
  });
}

async function loadPublicProduct(slug: string): Promise<ProductDetail | undefined> {
  const row = await selectRow(
    getDb(),
    DetailRow,
    sql`select p.id, p.slug, p.product_name, p.headline, p.tagline, p.description, p.website_url, p.logo_url,
          p.video_url, p.pricing, p.tags, p.is_advertised, p.has_coupon, p.coupon_text, p.coupon_code, p.coupon_url,
          p.coupon_expiry_date, p.submitter_id, p.maker_comment, p.created_at, p.updated_at,
          s.upvotes, s.comments, s.bookmarks,
          (select json_agg(json_build_object('id', n.id, 'name', n.name, 'slug', n.slug) order by n.name)
             from product_niches pn join niches n on n.id = pn.niche_id and n.status = 'published'
             where pn.product_id = p.id) as niches,
          (select json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) order by c.name)
             from product_subcategories ps join subcategories c on c.id = ps.subcategory_id and c.status = 'published'
             where ps.product_id = p.id) as subcategories,
          (select json_agg(json_build_object('id', pr.id, 'username', pr.username, 'avatar_url', pr.avatar_url, 'career', pr.career))
             from product_makers pm join profiles pr on pr.id = pm.profile_id
             where pm.product_id = p.id and pm.status = 'verified') as makers
        from products p join product_stats s on s.product_id = p.id
        where p.slug = ${slug} and ${publicProductFilter}`,
  );
  return row && { ...row, description_html: sanitizeDescription(row.description ?? "") };
}

/** The live slug of a product id, for the legacy /product/{id} links. */
export async function getPublicSlugById(id: number): Promise<string | undefined> {
  const row = await selectRow(
    getDb(),
    z.object({ slug: col.text }),
    sql`select p.slug from products p where p.id = ${id} and ${publicProductFilter}`,
  );
  return row?.slug;
}

/**
 * Other live products sharing a subcategory, else a tag, else a niche, else the most upvoted
 * (the spec's order of preference), most upvoted first within each. Each step ranks a bounded
 * set of candidates taken from its index, so a rare tag costs what a common one does.
 */
export function similarProducts(product: Pick<ProductDetail, "id" | "slug" | "tags" | "niches" | "subcategories">, limit = 4): Promise<ProductCard[]> {
  // Chosen and ordered by what every list shows, and by the product's own links and tags.
  return cachedRead({
    key: `similar:${product.slug}:${limit}`,
    tags: ["lists", "stats", productTag(product.slug)],
    load: () => loadSimilarProducts(product, limit),
  });
}

async function loadSimilarProducts(product: Pick<ProductDetail, "id" | "tags" | "niches" | "subcategories">, limit: number) {
  const db = getDb();
  const found: ProductCard[] = [];
  const exclude = () => intArray([product.id, ...found.map((p) => p.id)]);
  const CANDIDATES = 150;
  const candidates = [
    product.subcategories.length
      ? sql`select ps.product_id from product_subcategories ps where ps.subcategory_id = any(${intArray(product.subcategories.map((s) => s.id))}) limit ${CANDIDATES}`
      : null,
    product.tags.length
      ? sql`select c.id from products c where c.tags && ${textArray(product.tags)} and ${publicProductAs("c")} limit ${CANDIDATES}`
      : null,
    product.niches.length
      ? sql`select pn.product_id from product_niches pn where pn.niche_id = any(${intArray(product.niches.map((n) => n.id))}) limit ${CANDIDATES}`
      : null,
  ];
  for (const candidateIds of candidates) {
    if (!candidateIds || found.length >= limit) continue;
    const rows = await queryCards(
      db,
      sql`select ${productCardColumns} from products p join product_stats s on s.product_id = p.id
          where p.id in (${candidateIds}) and ${publicProductFilter} and not (p.id = any(${exclude()}))
          order by s.upvotes desc, p.id limit ${limit - found.length}`,
    );
    found.push(...rows);
  }
  if (found.length < limit) {
    const top = (await trending(limit + found.length + 1)).filter((p) => p.id !== product.id && !found.some((f) => f.id === p.id));
    found.push(...top.slice(0, limit - found.length));
  }
  return found;
}

/** Advertised live products whose ad is running: up to 20 by upvotes (the Spotlight pool). */
export function spotlightPool(): Promise<ProductCard[]> {
  return memo("spotlight", 60_000, () =>
    queryCards(
      getDb(),
      sql`select ${productCardColumns} from products p join product_stats s on s.product_id = p.id
          where ${publicProductFilter} and p.is_advertised
            and (p.ad_start_date is null or p.ad_start_date <= now())
            and (p.ad_end_date is null or p.ad_end_date > now())
          order by s.upvotes desc, p.id limit 20`,
    ),
    ["lists", "stats"],
  );
}

/** A random few of the Spotlight pool, different per visit. */
export async function spotlight(count = 4): Promise<ProductCard[]> {
  const pool = [...(await spotlightPool())];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

/** Trending: the most upvoted live products (the mobile Trending panel). */
export function trending(limit = 10): Promise<ProductCard[]> {
  return memo(`trending:${limit}`, 60_000, () =>
    queryCards(
      getDb(),
      sql`select ${productCardColumns} from product_stats s join products p on p.id = s.product_id
          where ${publicProductFilter} order by s.upvotes desc, p.id limit ${limit}`,
    ),
    ["lists", "stats"],
  );
}

/** The first five people who upvoted the product (Users Who Love This Product). */
export function firstUpvoters(product: Pick<ProductDetail, "id" | "slug">) {
  return cachedRead({
    key: `upvoters:${product.slug}`,
    tags: [productTag(product.slug)],
    tagsOf: (people) => people.map((person) => profileTag(person.id)),
    load: () =>
      selectRows(
        getDb(),
        z.object({ id: col.text, username: col.text.nullable(), avatar_url: col.text.nullable() }),
        sql`select pr.id, pr.username, pr.avatar_url from product_upvotes u join profiles pr on pr.id = u.user_id
            where u.product_id = ${product.id} order by u.created_at, u.id limit 5`,
      ),
  });
}
