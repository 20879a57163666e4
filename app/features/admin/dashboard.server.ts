/** Figures for the admin dashboard's Overview. */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
import { publicProductFilter } from "~/domain/public-product.server";

export interface RecentProduct {
  id: number;
  product_name: string;
  slug: string;
  status: string;
  is_advertised: boolean;
  created_at: string;
}

export interface DashboardOverview {
  totalProducts: number;
  featuredProducts: number;
  categories: number;
  recent: RecentProduct[];
}

/** Products (not suggestions, not deleted); featured = advertised and live; categories = niches. */
export async function dashboardOverview(db: Database = getDb()): Promise<DashboardOverview> {
  const [[counts], recent] = await Promise.all([
    queryRows<{ total: number; featured: number; categories: number }>(
      db,
      sql`select
            (select count(*)::int from products where type = 'product' and status <> 'deleted') as total,
            (select count(*)::int from products p where ${publicProductFilter} and p.is_advertised) as featured,
            (select count(*)::int from niches) as categories`,
    ),
    queryRows<RecentProduct>(
      db,
      sql`select id, product_name, slug, status, is_advertised, to_json(created_at) #>> '{}' as created_at from products
          where type = 'product' and status <> 'deleted'
          order by created_at desc, id desc limit 10`,
    ),
  ]);
  return { totalProducts: counts!.total, featuredProducts: counts!.featured, categories: counts!.categories, recent };
}
