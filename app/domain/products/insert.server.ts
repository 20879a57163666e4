/**
 * The catalogue's batch insert of products with their niche and subcategory links, shared by the
 * seed and the CSV import (part of the one writer of products, decision 075).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import type { TaxonomyResolver } from "~/domain/taxonomy-resolver.server";
import type { Pricing } from "~/lib/constants";

export interface NewCatalogProduct {
  product_name: string;
  slug: string;
  headline: string | null;
  tagline: string | null;
  description: string | null;
  website_url: string;
  logo_url: string | null;
  pricing: Pricing;
  tags: string[];
  status: "live" | "draft" | "pending";
  created_at?: Date;
  /** Niche / subcategory pairs by name; the first niche is the product's category. */
  placements: { niche: string; subcategory?: string }[];
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * One PostgreSQL array literal holding every value of a column, sent as one bound parameter:
 * elements are double-quoted with `\` and `"` escaped, so no value can change the array's shape;
 * null is the bare word NULL.
 */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  let out = "{";
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i) out += ",";
    if (value === null || value === undefined) out += "NULL";
    else if (typeof value === "number") out += String(Math.trunc(value) || 0);
    else out += `"${value.replace(/[\\"]/g, "\\$&")}"`;
  }
  return `${out}}`;
}

const Inserted = z.object({ id: col.int, slug: col.text });

/**
 * Inserts products with their niche and subcategory links, inside the caller's transaction: one
 * statement per table for the whole batch (INSERT ... SELECT FROM unnest of one array per column),
 * so a batch of 1,000 products is three round trips whatever its size. Returns the new ids in
 * the order of `rows`.
 */
export async function insertCatalogProducts(tx: Tx, rows: NewCatalogProduct[], taxonomy: TaxonomyResolver) {
  if (rows.length === 0) return [];
  const column = <K extends keyof NewCatalogProduct>(key: K) => rows.map((row) => (row[key] ?? null) as string | null);
  const inserted = await selectRows(
    tx,
    Inserted,
    sql`insert into products (product_name, slug, headline, tagline, description, website_url, logo_url, pricing, tags, status, type, category, created_at)
        select v.product_name, v.slug, v.headline, v.tagline, v.description, v.website_url, v.logo_url, v.pricing, v.tags::text[], v.status,
               'product', v.category, coalesce(v.created_at::timestamptz, now())
        from unnest(${arrayLiteral(column("product_name"))}::text[], ${arrayLiteral(column("slug"))}::text[],
                    ${arrayLiteral(column("headline"))}::text[], ${arrayLiteral(column("tagline"))}::text[],
                    ${arrayLiteral(column("description"))}::text[], ${arrayLiteral(column("website_url"))}::text[],
                    ${arrayLiteral(column("logo_url"))}::text[], ${arrayLiteral(column("pricing"))}::text[],
                    ${arrayLiteral(rows.map((row) => arrayLiteral(row.tags)))}::text[], ${arrayLiteral(column("status"))}::text[],
                    ${arrayLiteral(rows.map((row) => row.placements[0]?.niche ?? null))}::text[],
                    ${arrayLiteral(rows.map((row) => row.created_at?.toISOString() ?? null))}::text[])
          with ordinality as v(product_name, slug, headline, tagline, description, website_url, logo_url, pricing, tags, status, category, created_at, ord)
        order by v.ord
        returning id, slug`,
  );
  // Slugs are unique (a constraint), so they tie each new id to its row whatever order RETURNING uses.
  const idBySlug = new Map(inserted.map((row) => [row.slug, row.id]));
  const result = rows.map((row) => ({ id: idBySlug.get(row.slug)!, slug: row.slug }));

  const nicheProducts: number[] = [];
  const nicheIds: number[] = [];
  const subProducts: number[] = [];
  const subIds: number[] = [];
  const subCategories: number[] = [];
  for (const [index, row] of rows.entries()) {
    const productId = result[index]!.id;
    let firstNiche: number | undefined;
    const seenNiches = new Set<number>();
    const seenSubs = new Set<number>();
    for (const placement of row.placements) {
      const nicheId = await taxonomy.niche(tx, placement.niche);
      firstNiche ??= nicheId;
      if (!seenNiches.has(nicheId)) {
        seenNiches.add(nicheId);
        nicheProducts.push(productId);
        nicheIds.push(nicheId);
      }
      if (placement.subcategory) {
        const subId = await taxonomy.subcategory(tx, placement.subcategory, nicheId);
        if (!seenSubs.has(subId)) {
          seenSubs.add(subId);
          subProducts.push(productId);
          subIds.push(subId);
          subCategories.push(firstNiche);
        }
      }
    }
  }
  if (nicheIds.length) {
    await tx.execute(sql`insert into product_niches (product_id, niche_id)
      select * from unnest(${arrayLiteral(nicheProducts)}::int[], ${arrayLiteral(nicheIds)}::int[]) on conflict do nothing`);
  }
  if (subIds.length) {
    await tx.execute(sql`insert into product_subcategories (product_id, subcategory_id, category_id)
      select * from unnest(${arrayLiteral(subProducts)}::int[], ${arrayLiteral(subIds)}::int[], ${arrayLiteral(subCategories)}::int[])
      on conflict do nothing`);
  }
  return result;
}
