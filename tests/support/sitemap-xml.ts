import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { queryRows } from "./raw-rows";
import { getDb } from "~/db/registry.server";

/** Helpers of the sitemap tests (app/features/seo, app/routes). */
export function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
}

/** The markup is only the elements we write, and text has no raw `<` or stray `&`. */
export function expectWellFormed(xml: string, root: "urlset" | "sitemapindex") {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  expect(xml).toContain(`<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`);
  expect(xml.trimEnd().endsWith(`</${root}>`)).toBe(true);
  const text = xml
    .replace(/^<\?xml[^>]*\?>/, "")
    .replace(/<\/?(urlset|sitemapindex|url|sitemap|loc|lastmod)( xmlns="[^"]*")?>/g, "");
  expect(text).not.toMatch(/[<>]/);
  expect(text).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
}

export async function liveSlugs(): Promise<string[]> {
  const rows = await queryRows<{ slug: string }>(
    getDb(),
    sql`select slug from products where status = 'live' and type = 'product' order by id`,
  );
  return rows.map((r) => r.slug);
}
