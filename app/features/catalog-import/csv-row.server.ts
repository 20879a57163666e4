import type { NewCatalogProduct } from "~/domain/products/insert.server";
import type { CsvRecord } from "./csv-read.server";
import { importedProductSchema, normalizePricing, normalizeTags } from "~/domain/product-input";
import { sanitizeDescription } from "~/lib/sanitize.server";
import { productSlug, slugify } from "~/lib/slug";

export type ImportStatus = NewCatalogProduct["status"];

export interface PreparedRow {
  row: number;
  product: NewCatalogProduct;
  /** Keys that make two products the same: the slug, and the website domain with the lowercased name. */
  keys: string[];
  domain: string | null;
  /** The pricing as written, when it was not a known value and became free. */
  unknownPricing: string | null;
  tagsDropped: number;
}

export type RowResult = { ok: true; value: PreparedRow } | { ok: false; row: number; messages: string[] };

/** The host of a URL without `www.`, lowercased: the same rule as the products.website_domain column. */
export function websiteDomain(url: string): string | null {
  const match = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:www\.)?([^/:?#]+)/.exec(url);
  return match?.[1] ? match[1].toLowerCase() : null;
}

export function duplicateKeys(slug: string, domain: string | null, name: string): string[] {
  const keys = [`s:${slug}`];
  if (domain) keys.push(`d:${domain} ${name.toLowerCase()}`);
  return keys;
}

function taxonomyName(value: string | undefined, label: string, messages: string[]): string | undefined {
  const name = value?.trim().replace(/\s+/g, " ");
  if (!name) return undefined;
  if (name.length > 100) messages.push(`${label} must be at most 100 characters`);
  else if (!slugify(name)) messages.push(`${label} must contain letters or digits`);
  return name;
}

/** Validates one CSV row with the product rules and turns it into a product to insert. */
export function prepareRow(record: CsvRecord, status: ImportStatus): RowResult {
  const v = record.values;
  const messages: string[] = [];
  if (record.shapeError) messages.push(record.shapeError);

  const websiteUrl = v.website_url?.trim() ? v.website_url : (v.link ?? "");
  // Descriptions may hold simple HTML: keep the safe subset. Plain text is stored as written.
  const description = /<[a-z!/?]/i.test(v.description ?? "") ? sanitizeDescription(v.description ?? "") : (v.description ?? "");
  const parsed = importedProductSchema.safeParse({
    product_name: v.product_name ?? "",
    headline: v.headline ?? "",
    tagline: v.tagline ?? "",
    description,
    website_url: websiteUrl,
    logo_url: v.logo_url ?? "",
  });
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = issue.path.join(".");
      if (seen.has(field)) continue;
      seen.add(field);
      messages.push(issue.message);
    }
  }
  const niche = taxonomyName(v.niche, "Niche", messages);
  const subcategory = taxonomyName(v.subcategory, "Subcategory", messages);
  if (subcategory && !niche) messages.push("A subcategory needs a niche: fill in the niche column");

  if (!parsed.success || messages.length) return { ok: false, row: record.row, messages };

  const p = parsed.data;
  const pricing = normalizePricing(v.pricing);
  const tags = normalizeTags(v.topics ?? "");
  const slug = productSlug(p.product_name);
  const domain = websiteDomain(p.website_url);
  return {
    ok: true,
    value: {
      row: record.row,
      product: {
        product_name: p.product_name,
        slug,
        headline: p.headline || null,
        tagline: p.tagline || null,
        description: p.description || null,
        website_url: p.website_url,
        logo_url: p.logo_url || null,
        pricing: pricing.pricing,
        tags: tags.tags,
        status,
        placements: niche ? [{ niche, subcategory }] : [],
      },
      keys: duplicateKeys(slug, domain, p.product_name),
      domain,
      unknownPricing: pricing.mapped ? (v.pricing ?? "").trim().slice(0, 40) : null,
      tagsDropped: tags.dropped,
    },
  };
}
