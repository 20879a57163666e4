/**
 * What happened to a maker's products day by day: page views, click-outs, upvotes and saves
 * over the last 30 days (UTC), zeros filled. The product page's stats row (features/stats) and My
 * Products' charts (features/makers) both read it, so it lives here rather than in either feature.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import { intArray } from "~/db/sql-arrays";
import { managedByAs } from "./product-access.server";

export const ACTIVITY_DAYS = 30;

export interface DailyActivity {
  /** YYYY-MM-DD (UTC). */
  day: string;
  views: number;
  clicks: number;
  upvotes: number;
  saves: number;
}

const ActivityRow = z.object({
  product_id: col.int,
  day: col.text,
  views: col.int,
  clicks: col.int,
  upvotes: col.int,
  saves: col.int,
});

/** Events of one kind per product and UTC day since the first day of the window. */
function countsSince(table: "product_clicks" | "product_upvotes" | "bookmarks") {
  return sql`select e.product_id, (e.created_at at time zone 'UTC')::date as day, count(*)::int as n
               from ${sql.raw(table)} e join owned o on o.id = e.product_id, bounds
              where e.created_at >= (bounds.first::timestamp at time zone 'UTC')
              group by 1, 2`;
}

/**
 * The last 30 days of each of `productIds` that `userId` manages (submitted, or is a verified
 * maker of), in one query whatever the number of products; ids of anybody else's products are
 * left out (the map has no entry).
 */
export async function dailyActivity(db: Pick<Database, "execute">, userId: string, productIds: readonly number[]): Promise<Map<number, DailyActivity[]>> {
  const byProduct = new Map<number, DailyActivity[]>();
  if (!productIds.length) return byProduct;
  const rows = await selectRows(
    db,
    ActivityRow,
    sql`with bounds as (select (now() at time zone 'UTC')::date - ${ACTIVITY_DAYS - 1}::int as first,
                               (now() at time zone 'UTC')::date as today),
             owned as (select p.id from products p where p.id = any(${intArray(productIds)}) and ${managedByAs("p", userId)}),
             days as (select generate_series(first, today, interval '1 day')::date as day from bounds),
             views as (select v.product_id, v.day, count(*)::int as n
                         from product_views v join owned o on o.id = v.product_id, bounds
                        where v.day >= bounds.first group by 1, 2),
             clicks as (${countsSince("product_clicks")}),
             upvotes as (${countsSince("product_upvotes")}),
             saves as (${countsSince("bookmarks")})
        select o.id as product_id, days.day::text as day,
               coalesce(views.n, 0)::int as views, coalesce(clicks.n, 0)::int as clicks,
               coalesce(upvotes.n, 0)::int as upvotes, coalesce(saves.n, 0)::int as saves
          from owned o cross join days
          left join views on views.product_id = o.id and views.day = days.day
          left join clicks on clicks.product_id = o.id and clicks.day = days.day
          left join upvotes on upvotes.product_id = o.id and upvotes.day = days.day
          left join saves on saves.product_id = o.id and saves.day = days.day
         order by o.id, days.day`,
  );
  for (const { product_id, ...point } of rows) {
    const series = byProduct.get(product_id) ?? [];
    series.push(point);
    byProduct.set(product_id, series);
  }
  return byProduct;
}
