/**
 * XML sitemaps: `/sitemap.xml` is an index of files `/sitemaps/{kind}-{page}.xml`, each holding at
 * most 50,000 URLs (the protocol's limit).
 *
 * - products: live products (`/resources/{slug}`, lastmod = updated_at), in id order. A page
 *   finds its first id by skipping over ids only, then reads its rows by keyset (`id >= first`),
 *   so no page reads the rows of the pages before it.
 * - taxonomy: home, /ai-tools, published niches with live products, the niche's linked published
 *   subcategories that have live products in that niche, and published parent subcategories with
 *   live products (in the subcategory itself or a published child).
 * - tags: distinct tags of live products (`/tag/{encodeURIComponent(tag)}`).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { publicProductFilter } from "~/domain/public-product.server";
import { env } from "~/lib/env.server";
import { escapeXml } from "~/lib/text";

export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_KINDS = ["products", "taxonomy", "tags"] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

export interface SitemapOptions {
  /** URLs per file, 1 to 50,000 (tests use smaller pages). */
  pageSize?: number;
  /** The site's public URL without a trailing slash; defaults to APP_URL. */
  baseUrl?: string;
  db?: Database;
}

interface SitemapUrl {
  loc: string;
  lastmod?: Date | null;
}

/** W3C datetime (seconds precision, UTC), as sitemaps expect. */
export function w3cDate(value: Date): string {
  return value.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** `products-3.xml` → { kind: "products", page: 3 }; anything else (page 0, leading zeros, other kinds) → null. */
export function parseSitemapFileName(name: string): { kind: SitemapKind; page: number } | null {
  const match = /^(products|taxonomy|tags)-([1-9]\d{0,8})\.xml$/.exec(name);
  if (!match) return null;
  return { kind: match[1] as SitemapKind, page: Number(match[2]) };
}

export function sitemapFileName(kind: SitemapKind, page: number): string {
  return `${kind}-${page}.xml`;
}

function resolve(options: SitemapOptions) {
  const pageSize = Math.floor(options.pageSize ?? SITEMAP_MAX_URLS);
  if (!(pageSize >= 1 && pageSize <= SITEMAP_MAX_URLS)) {
    throw new RangeError(`pageSize must be between 1 and ${SITEMAP_MAX_URLS}`);
  }
  return {
    pageSize,
    baseUrl: (options.baseUrl ?? env().APP_URL).replace(/\/+$/, ""),
    db: options.db ?? getDb(),
  };
}

/* -------------------------------------------------------------------- Index */

export async function sitemapIndex(options: SitemapOptions = {}): Promise<string> {
  const { pageSize, baseUrl, db } = resolve(options);
  const [productPages, taxonomyCount, tagCount] = await Promise.all([
    selectRows(
      db,
      z.object({ page: col.int, lastmod: col.date.nullable() }),
      sql`select ((rn - 1) / ${pageSize})::int + 1 as page, max(updated_at) as lastmod
          from (select p.updated_at, row_number() over (order by p.id) as rn from products p where ${publicProductFilter}) x
          group by 1 order by 1`,
    ),
    taxonomyPaths(db).then((paths) => paths.length),
    selectRow(
      db,
      z.object({ n: col.int }),
      sql`select count(distinct t)::int as n from products p cross join lateral unnest(p.tags) as t
          where ${publicProductFilter} and btrim(t) <> ''`,
    ).then((row) => row?.n ?? 0),
  ]);

  const files: SitemapUrl[] = [];
  const fileUrl = (kind: SitemapKind, page: number) => `${baseUrl}/sitemaps/${sitemapFileName(kind, page)}`;
  for (const row of productPages) files.push({ loc: fileUrl("products", row.page), lastmod: row.lastmod });
  for (let page = 1; page <= Math.ceil(taxonomyCount / pageSize); page++) files.push({ loc: fileUrl("taxonomy", page) });
  for (let page = 1; page <= Math.ceil(tagCount / pageSize); page++) files.push({ loc: fileUrl("tags", page) });

  const body = files.map((f) => `<sitemap>${entryBody(f)}</sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/* -------------------------------------------------------------------- Files */

/** One sitemap file, or null when the kind or page does not exist (serve a 404). */
export async function sitemapFile(kind: string, page: number, options: SitemapOptions = {}): Promise<string | null> {
  if (!(SITEMAP_KINDS as readonly string[]).includes(kind) || !Number.isSafeInteger(page) || page < 1) return null;
  const resolved = resolve(options);
  const urls = await fileUrls(kind as SitemapKind, page, resolved);
  if (urls.length === 0) return null;
  const body = urls.map((u) => `<url>${entryBody(u)}</url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

function entryBody(entry: SitemapUrl): string {
  const lastmod = entry.lastmod ? `<lastmod>${w3cDate(entry.lastmod)}</lastmod>` : "";
  return `<loc>${escapeXml(entry.loc)}</loc>${lastmod}`;
}

async function fileUrls(
  kind: SitemapKind,
  page: number,
  { pageSize, baseUrl, db }: ReturnType<typeof resolve>,
): Promise<SitemapUrl[]> {
  const offset = (page - 1) * pageSize;
  if (kind === "products") {
    const rows = await selectRows(
      db,
      z.object({ slug: col.text, updated_at: col.date }),
      sql`select p.slug, p.updated_at from products p
          where ${publicProductFilter}
            and p.id >= (select p.id from products p where ${publicProductFilter} order by p.id offset ${offset} limit 1)
          order by p.id limit ${pageSize}`,
    );
    return rows.map((r) => ({ loc: `${baseUrl}/resources/${encodeURIComponent(r.slug)}`, lastmod: r.updated_at }));
  }
  if (kind === "tags") {
    const rows = await selectRows(
      db,
      z.object({ tag: col.text }),
      sql`select tag from (
            select distinct t as tag from products p cross join lateral unnest(p.tags) as t
            where ${publicProductFilter} and btrim(t) <> ''
          ) x order by tag collate "C" offset ${offset} limit ${pageSize}`,
    );
    return rows.map((r) => ({ loc: `${baseUrl}/tag/${encodeURIComponent(r.tag)}` }));
  }
  const paths = await taxonomyPaths(db);
  return paths.slice(offset, offset + pageSize).map((path) => ({ loc: `${baseUrl}${path}` }));
}

/** The browsable taxonomy pages, as paths: a few hundred rows even for a large catalogue. */
async function taxonomyPaths(db: Database): Promise<string[]> {
  const rows = await selectRows(
    db,
    z.object({ grp: col.int, niche: col.text.nullable(), sub: col.text.nullable() }),
    sql`with live_niches as (
          select n.id, n.slug from niches n
          where n.status = 'published' and exists (
            select 1 from product_niches pn join products p on p.id = pn.product_id
            where pn.niche_id = n.id and ${publicProductFilter})
        ),
        live_subs as (
          select s.id, s.slug, s.is_parent from subcategories s
          where s.status = 'published' and (
            exists (
              select 1 from product_subcategories ps join products p on p.id = ps.product_id
              where ps.subcategory_id = s.id and ${publicProductFilter})
            or exists (
              select 1 from subcategories c
                join product_subcategories ps on ps.subcategory_id = c.id
                join products p on p.id = ps.product_id
              where c.parent_id = s.id and c.status = 'published' and ${publicProductFilter}))
        )
        select grp, niche, sub from (
          select 1 as grp, n.slug as niche, null::text as sub from live_niches n
          union all
          select 2, n.slug, s.slug from live_niches n
            join niche_subcategories ns on ns.niche_id = n.id
            join live_subs s on s.id = ns.subcategory_id
          -- The page lists the niche's products in the subcategory (or its published children).
          where exists (
            select 1 from product_subcategories ps
              join product_niches pn on pn.product_id = ps.product_id and pn.niche_id = n.id
              join products p on p.id = ps.product_id
            where ${publicProductFilter} and (ps.subcategory_id = s.id or ps.subcategory_id in (
              select c.id from subcategories c where c.parent_id = s.id and c.status = 'published')))
          union all
          select 3, null, s.slug from live_subs s where s.is_parent
        ) x
        order by grp, niche collate "C", sub collate "C"`,
  );
  const seg = encodeURIComponent;
  return [
    "/",
    "/ai-tools",
    ...rows.map((r) => {
      if (r.grp === 1) return `/niche/${seg(r.niche!)}`;
      if (r.grp === 2) return `/niche/${seg(r.niche!)}/subcategory/${seg(r.sub!)}`;
      return `/parent-subcategory/${seg(r.sub!)}`;
    }),
  ];
}
