import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import type { ProductCard } from "./product-card";

/**
 * The card columns as raw SQL over `products p join product_stats s`, so hand-tuned queries
 * (search, shuffled lists) return exactly what the typed ones do. Descriptions are cut to what
 * a card shows.
 */
export const productCardColumns = sql.raw(
  `p.id, p.slug, p.product_name, p.tagline, left(p.description, 300) as description, p.website_url, p.logo_url,
   p.pricing, p.tags, coalesce(s.upvotes, 0)::int as upvotes, p.is_advertised, p.created_at`,
);

/**
 * An `int4`, `real` or `float8` column on a hot read: both drivers return a JS number, so a plain
 * check does; `col.int` (which also takes a bigint's or numeric's string) costs about five times
 * as much per row, measurable on a search that ranks hundreds of rows. Never for an uncast
 * `count(*)`, a `bigint` or a `numeric`: those arrive as strings on PostgreSQL.
 */
export const plainNumber = z.number();

/** A row of `productCardColumns`; `extend` it for a query that selects more (a list's rank). */
export const CardRow = z.object({
  id: plainNumber,
  slug: col.text,
  product_name: col.text,
  tagline: col.text.nullable(),
  description: col.text.nullable(),
  website_url: col.text.nullable(),
  logo_url: col.text.nullable(),
  pricing: col.text,
  tags: col.texts,
  upvotes: plainNumber,
  is_advertised: col.bool,
  created_at: col.date.transform((date) => date.toISOString()),
}) satisfies z.ZodType<ProductCard>;

export async function queryCards(db: Pick<Database, "execute">, query: SQL): Promise<ProductCard[]> {
  return selectRows(db, CardRow, query);
}
