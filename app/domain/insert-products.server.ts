import type { Database } from "~/db/client.server";
import { product_niches, product_subcategories, products } from "~/db/schema";
import type { Pricing } from "~/lib/constants";
import type { TaxonomyResolver } from "./taxonomy-resolver.server";

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

/** Inserts products with their niche and subcategory links, inside the caller's transaction. */
export async function insertCatalogProducts(tx: Tx, rows: NewCatalogProduct[], taxonomy: TaxonomyResolver) {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(products)
    .values(
      rows.map(({ placements, ...row }) => ({
        ...row,
        type: "product" as const,
        category: placements[0]?.niche ?? null,
      })),
    )
    .returning({ id: products.id, slug: products.slug });

  const nicheLinks: { product_id: number; niche_id: number }[] = [];
  const subcategoryLinks: { product_id: number; subcategory_id: number; category_id: number }[] = [];
  for (const [index, row] of rows.entries()) {
    const productId = inserted[index]!.id;
    let firstNiche: number | undefined;
    const seenNiches = new Set<number>();
    const seenSubs = new Set<number>();
    for (const placement of row.placements) {
      const nicheId = await taxonomy.niche(tx, placement.niche);
      firstNiche ??= nicheId;
      if (!seenNiches.has(nicheId)) {
        seenNiches.add(nicheId);
        nicheLinks.push({ product_id: productId, niche_id: nicheId });
      }
      if (placement.subcategory) {
        const subId = await taxonomy.subcategory(tx, placement.subcategory, nicheId);
        if (!seenSubs.has(subId)) {
          seenSubs.add(subId);
          subcategoryLinks.push({ product_id: productId, subcategory_id: subId, category_id: firstNiche });
        }
      }
    }
  }
  if (nicheLinks.length) await tx.insert(product_niches).values(nicheLinks).onConflictDoNothing();
  if (subcategoryLinks.length) await tx.insert(product_subcategories).values(subcategoryLinks).onConflictDoNothing();
  return inserted;
}
