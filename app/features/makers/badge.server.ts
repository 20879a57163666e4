import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { col, selectRow } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { publicProductFilter } from "~/domain/public-product.server";
import { env } from "~/lib/env.server";
import { type BadgeTheme, renderBadge } from "./badge";

/** Badges change with every upvote, so browsers and CDNs keep them only briefly, then revalidate. */
const BADGE_CACHE_CONTROL = "public, max-age=300";
/**
 * A badge opened directly (not through <img>) is a document: this policy keeps any script out of
 * it, whatever a product or site name might smuggle in, and allows only its own inline styling.
 */
const BADGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** The name and upvote count of a public product: one lookup on the unique slug index. */
export async function publicBadgeData(slug: string): Promise<{ productName: string; upvotes: number } | undefined> {
  const row = await selectRow(
    getDb(),
    z.object({ product_name: col.text, upvotes: col.int }),
    sql`select p.product_name, coalesce(s.upvotes, 0)::int as upvotes
        from products p left join product_stats s on s.product_id = p.id
        where p.slug = ${slug} and ${publicProductFilter}`,
  );
  return row && { productName: row.product_name, upvotes: row.upvotes };
}

/** Whether If-None-Match names this ETag (compared weakly, as RFC 9110 asks for GET), or is `*`. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === bare;
  });
}

function notFound(): Response {
  return new Response("Not Found\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}

/** The badge of a public product, 304 when the caller already holds it, or 404 (also for no slug). */
export async function badgeResponse(slug: string | null, theme: BadgeTheme, ifNoneMatch: string | null): Promise<Response> {
  const data = slug ? await publicBadgeData(slug) : undefined;
  if (!data) return notFound();
  const svg = renderBadge({ siteName: env().SITE_NAME, ...data, theme });
  const etag = `"${crypto.createHash("sha1").update(svg).digest("base64url")}"`;
  const headers = { ETag: etag, "Cache-Control": BADGE_CACHE_CONTROL, "Content-Security-Policy": BADGE_CSP };
  if (etagMatches(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  return new Response(svg, { headers: { ...headers, "Content-Type": "image/svg+xml; charset=utf-8" } });
}
