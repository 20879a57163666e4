import { sql } from "drizzle-orm";
import { queryRows } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
import type { SubmitterStats } from "./stats";

export const SERIES_DAYS = 30;

/**
 * The stats row of a product for its submitter, or null for anybody else: views (one per
 * visitor and day), usages (click-outs), users (distinct visitors who clicked out), saves,
 * comments, and a daily series of views and click-outs for the last 30 days (UTC).
 */
export async function submitterStats(productId: number, viewerId: string | null | undefined): Promise<SubmitterStats | null> {
  if (!viewerId) return null;
  const db = getDb();
  const [totals] = await queryRows<{ views: number; usages: number; users: number; saves: number; comments: number }>(
    db,
    sql`select (select count(*) from product_views v where v.product_id = p.id)::int as views,
               (select count(*) from product_clicks c where c.product_id = p.id)::int as usages,
               (select count(distinct c.visitor_hash) from product_clicks c where c.product_id = p.id)::int as users,
               coalesce(s.bookmarks, 0)::int as saves,
               coalesce(s.comments, 0)::int as comments
        from products p left join product_stats s on s.product_id = p.id
        where p.id = ${productId} and p.submitter_id = ${viewerId}`,
  );
  if (!totals) return null;
  const series = await queryRows<{ day: string; views: number; clicks: number }>(
    db,
    sql`with bounds as (select (now() at time zone 'UTC')::date as today),
             days as (select generate_series(today - ${SERIES_DAYS - 1}::int, today, interval '1 day')::date as day from bounds),
             views as (select v.day, count(*)::int as n from product_views v, bounds
                       where v.product_id = ${productId} and v.day > today - ${SERIES_DAYS}::int group by v.day),
             clicks as (select (c.created_at at time zone 'UTC')::date as day, count(*)::int as n from product_clicks c, bounds
                        where c.product_id = ${productId} and c.created_at >= ((today - ${SERIES_DAYS - 1}::int)::timestamp at time zone 'UTC')
                        group by 1)
        select days.day::text as day, coalesce(views.n, 0)::int as views, coalesce(clicks.n, 0)::int as clicks
        from days left join views using (day) left join clicks using (day)
        order by days.day`,
  );
  return { ...totals, series };
}

/**
 * The stats row for whoever views this product page: only its submitter gets one. Products
 * without a submitter (most of them) cost no query.
 */
export async function submitterStatsFor(product: { id: number; submitter_id: string | null }, viewerId: string | null) {
  if (!product.submitter_id || viewerId !== product.submitter_id) return null;
  return submitterStats(product.id, viewerId);
}
