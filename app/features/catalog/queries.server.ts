import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/registry.server";
import { products } from "~/db/schema";

/** What the public may see: live products, not suggestions. */
export const isPublicProduct = and(eq(products.status, "live"), eq(products.type, "product"));

export async function listLatestProductNames(limit = 100) {
  return getDb()
    .select({ id: products.id, product_name: products.product_name, slug: products.slug })
    .from(products)
    .where(isPublicProduct)
    .orderBy(desc(products.created_at), desc(products.id))
    .limit(limit);
}

export async function countLiveProducts(): Promise<number> {
  const [row] = await getDb().select({ n: sql<number>`count(*)::int` }).from(products).where(isPublicProduct);
  return Number(row?.n ?? 0);
}
