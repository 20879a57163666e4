/**
 * Old slugs of renamed niches and subcategories (decision 045): a public page that finds no
 * published row under a slug asks here before answering 404, and answers 301 to the current
 * slug when the old one belonged to a row that is still published.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { redirect } from "react-router";
import { col, selectRow } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";

export type TaxonKind = "niche" | "subcategory";

/** The current slug of the published niche or subcategory that used to answer to `slug`. */
export async function renamedSlug(kind: TaxonKind, slug: string): Promise<string | undefined> {
  const target = kind === "niche" ? sql.raw("niches") : sql.raw("subcategories");
  const row = await selectRow(
    getDb(),
    z.object({ slug: col.text }),
    sql`select t.slug from taxonomy_slug_redirects r join ${target} t on t.id = r.target_id and t.status = 'published'
         where r.kind = ${kind} and r.old_slug = ${slug}`,
  );
  return row?.slug;
}

/**
 * Throws a 301 to `to(currentSlug)` (keeping the query string) when `slug` is an old one;
 * returns when it is not, so the caller answers its 404.
 */
export async function redirectRenamed(kind: TaxonKind, slug: string, request: Request, to: (current: string) => string): Promise<void> {
  const current = await renamedSlug(kind, slug);
  if (!current || current === slug) return;
  throw redirect(`${to(encodeURIComponent(current))}${new URL(request.url).search}`, 301);
}
