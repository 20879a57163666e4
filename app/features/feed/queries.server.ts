/** RSS 2.0 feed of the newest live products (`/feed.xml`). */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { publicProductFilter } from "~/domain/public-product.server";
import { env } from "~/lib/env.server";
import { escapeXml, stripHtml, truncateText } from "~/lib/text";

export const FEED_SIZE = 50;

export interface FeedOptions {
  limit?: number;
  /** The site's public URL without a trailing slash; defaults to APP_URL. */
  baseUrl?: string;
  siteName?: string;
  db?: Database;
}

const FeedRow = z.object({
  slug: col.text,
  product_name: col.text,
  tagline: col.text.nullable(),
  description: col.text.nullable(),
  created_at: col.date,
});

/** RFC 822 date as RSS wants it, e.g. `Tue, 02 Jan 2024 03:04:05 GMT`. */
export function rfc822(value: Date): string {
  return value.toUTCString();
}

export async function rssFeed(options: FeedOptions = {}): Promise<string> {
  const baseUrl = (options.baseUrl ?? env().APP_URL).replace(/\/+$/, "");
  const siteName = options.siteName ?? env().SITE_NAME;
  const limit = Math.max(1, Math.min(500, Math.floor(options.limit ?? FEED_SIZE)));
  const rows = await selectRows(
    options.db ?? getDb(),
    FeedRow,
    // Served by the partial index products_public_created_idx (created_at desc, id desc).
    sql`select p.slug, p.product_name, p.tagline, left(p.description, 4000) as description, p.created_at
        from products p
        where ${publicProductFilter}
        order by p.created_at desc, p.id desc
        limit ${limit}`,
  );

  const x = escapeXml;
  const items = rows.map((row) => {
    const link = `${baseUrl}/resources/${encodeURIComponent(row.slug)}`;
    const summary = truncateText(stripHtml(row.tagline) || stripHtml(row.description), 500);
    return [
      "    <item>",
      `      <title>${x(row.product_name)}</title>`,
      `      <link>${x(link)}</link>`,
      `      <guid isPermaLink="true">${x(link)}</guid>`,
      summary ? `      <description>${x(summary)}</description>` : "",
      `      <pubDate>${rfc822(row.created_at)}</pubDate>`,
      "    </item>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  const newest = rows[0]?.created_at;

  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">`,
    "  <channel>",
    `    <title>${x(siteName)}</title>`,
    `    <link>${x(baseUrl)}</link>`,
    `    <description>${x(`The newest software tools, apps and communities on ${siteName}`)}</description>`,
    "    <language>en</language>",
    `    <atom:link href="${x(`${baseUrl}/feed.xml`)}" rel="self" type="application/rss+xml"/>`,
    newest ? `    <lastBuildDate>${rfc822(newest)}</lastBuildDate>` : "",
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ]
    .filter((line, i, all) => line !== "" || i === all.length - 1)
    .join("\n");
}
