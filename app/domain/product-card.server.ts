import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
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

interface RawCard extends Omit<ProductCard, "created_at"> {
  created_at: Date | string;
}

export function toProductCard(row: RawCard): ProductCard {
  return {
    ...row,
    id: Number(row.id),
    upvotes: Number(row.upvotes),
    tags: row.tags ?? [],
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function queryCards(db: Pick<Database, "execute">, query: SQL): Promise<ProductCard[]> {
  return (await queryRows<RawCard>(db, query)).map(toProductCard);
}
