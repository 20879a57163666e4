import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { niche_subcategories, niches, subcategories } from "~/db/schema";
import { insertCatalogProducts, type NewCatalogProduct } from "~/domain/products/insert.server";
import { normalizePricing, normalizeTags } from "~/domain/product-input";
import { catalogDir } from "~/domain/catalog-dir.server";
import { TaxonomyResolver } from "~/domain/taxonomy-resolver.server";

interface TaxonomyEntry {
  niche: string;
  slug: string;
  description: string;
  subcategories: { name: string; slug: string }[];
}

interface CatalogEntry {
  slug: string;
  name: string;
  website_url: string;
  tagline: string;
  headline: string;
  description: string;
  tags: string[];
  niche: string;
  subcategory: string;
  other_categories: { niche: string; subcategory: string }[];
  pricing: string;
  logo_url: string;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(catalogDir, file), "utf8")) as T;
}

export interface SeedResult {
  seeded: boolean;
  niches: number;
  subcategories: number;
  products: number;
}

/**
 * Loads the demo catalogue into an empty database, in one transaction: all of it or nothing.
 * A database that already has niches or products is left alone, so seeding is idempotent.
 */
export async function seedDemoCatalog(db: Database, options: { limit?: number } = {}): Promise<SeedResult> {
  const result = await seedInTransaction(db, options);
  if (result.seeded) await db.execute(sql`analyze`);
  return result;
}

async function seedInTransaction(db: Database, options: { limit?: number }): Promise<SeedResult> {
  const taxonomy = readJson<TaxonomyEntry[]>("taxonomy.json");
  const catalog = readJson<CatalogEntry[]>("catalog.json").slice(0, options.limit);

  return db.transaction(async (tx) => {
    // Serialise concurrent seeders (several instances starting at once on one PostgreSQL).
    await tx.execute(sql`select pg_advisory_xact_lock(7243018)`);
    const existing = await selectRow(
      tx,
      z.object({ n: col.int }),
      sql`select (select count(*) from niches) + (select count(*) from products) as n`,
    );
    if (existing!.n > 0) return { seeded: false, niches: 0, subcategories: 0, products: 0 };

    const nicheRows = await tx
      .insert(niches)
      .values(taxonomy.map((t) => ({ name: t.niche, slug: t.slug, description: t.description, status: "published" })))
      .returning({ id: niches.id, slug: niches.slug });
    const nicheId = new Map(nicheRows.map((n) => [n.slug, n.id]));

    const subRows = await tx
      .insert(subcategories)
      .values(
        taxonomy.flatMap((t) =>
          t.subcategories.map((s) => ({ name: s.name, slug: s.slug, status: "published", is_parent: true })),
        ),
      )
      .returning({ id: subcategories.id, slug: subcategories.slug });
    const subId = new Map(subRows.map((s) => [s.slug, s.id]));
    await tx.insert(niche_subcategories).values(
      taxonomy.flatMap((t) =>
        t.subcategories.map((s) => ({ niche_id: nicheId.get(t.slug)!, subcategory_id: subId.get(s.slug)! })),
      ),
    );

    const resolver = new TaxonomyResolver();
    const now = Date.now();
    const rows: NewCatalogProduct[] = catalog.map((entry) => ({
      product_name: entry.name,
      slug: entry.slug,
      headline: entry.headline || null,
      tagline: entry.tagline || null,
      description: entry.description || null,
      website_url: entry.website_url,
      logo_url: entry.logo_url || null,
      pricing: normalizePricing(entry.pricing).pricing,
      tags: normalizeTags(entry.tags).tags,
      status: "live",
      // The entries were gathered over time: spread them over the past year, stably per slug.
      created_at: new Date(now - (1 + (hash(entry.slug) % 365)) * 86_400_000 - (hash(entry.name) % 86_400_000)),
      placements: [{ niche: entry.niche, subcategory: entry.subcategory }, ...entry.other_categories],
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await insertCatalogProducts(tx, rows.slice(i, i + 500), resolver);
    }
    return { seeded: true, niches: nicheRows.length, subcategories: subRows.length, products: rows.length };
  });
}
