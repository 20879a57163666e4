import { sql } from "drizzle-orm";
import { z } from "zod";
import { col, selectRow } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { dailyActivity } from "~/domain/product-activity.server";
import { isProductMaker, managedByAs } from "~/domain/product-access.server";
import type { SubmitterStats } from "./stats";

/**
 * The stats row of a product for its submitter or a verified maker, or null for anybody else: views (one per
 * visitor and day), usages (click-outs), users (distinct visitors who clicked out), saves,
 * comments, and a daily series of views and click-outs for the last 30 days (UTC).
 */
export async function submitterStats(productId: number, viewerId: string | null | undefined): Promise<SubmitterStats | null> {
  if (!viewerId) return null;
  const db = getDb();
  const totals = await selectRow(
    db,
    z.object({ views: col.int, usages: col.int, users: col.int, saves: col.int, comments: col.int }),
    sql`select (select count(*) from product_views v where v.product_id = p.id)::int as views,
               (select count(*) from product_clicks c where c.product_id = p.id)::int as usages,
               (select count(distinct c.visitor_hash) from product_clicks c where c.product_id = p.id)::int as users,
               coalesce(s.bookmarks, 0)::int as saves,
               coalesce(s.comments, 0)::int as comments
        from products p left join product_stats s on s.product_id = p.id
        where p.id = ${productId} and ${managedByAs("p", viewerId)}`,
  );
  if (!totals) return null;
  const activity = await dailyActivity(db, viewerId, [productId]);
  const series = (activity.get(productId) ?? []).map(({ day, views, clicks }) => ({ day, views, clicks }));
  return { ...totals, series };
}

/**
 * The stats row for whoever views this product page: only its makers (submitter and verified
 * makers, as loaded with the page) get one. Anybody else costs no query.
 */
export async function submitterStatsFor(product: { id: number; submitter_id: string | null; makers: readonly { id: string }[] }, viewerId: string | null) {
  if (!isProductMaker(product, viewerId)) return null;
  return submitterStats(product.id, viewerId);
}
