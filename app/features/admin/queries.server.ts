/** Figures for the admin dashboard: the Overview's cards, newest products and charts; Debug Tools' error log. */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { ERROR_LOG_KEEP, ERROR_LOG_PER_MINUTE, recentServerErrors } from "~/domain/error-log.server";
import { publicProductFilter } from "~/domain/public-product.server";
import { ENGAGEMENT_DAYS, PRODUCT_WEEKS, type DailyEngagement, type DashboardTab, type ErrorLogItem, type WeeklyProducts } from "./admin";

const RecentProductRow = z.object({ id: col.int, product_name: col.text, slug: col.text, status: col.text, is_advertised: col.bool, created_at: col.text });
export type RecentProduct = z.output<typeof RecentProductRow>;

export interface DashboardOverview {
  totalProducts: number;
  featuredProducts: number;
  categories: number;
  recent: RecentProduct[];
}

/** Products (not suggestions, not deleted); featured = advertised and live; categories = niches. */
export async function dashboardOverview(db: Database = getDb()): Promise<DashboardOverview> {
  const [counts, recent] = await Promise.all([
    selectRow(
      db,
      z.object({ total: col.int, featured: col.int, categories: col.int }),
      sql`select
            (select count(*)::int from products where type = 'product' and status <> 'deleted') as total,
            (select count(*)::int from products p where ${publicProductFilter} and p.is_advertised) as featured,
            (select count(*)::int from niches) as categories`,
    ),
    selectRows(
      db,
      RecentProductRow,
      sql`select id, product_name, slug, status, is_advertised, to_json(created_at) #>> '{}' as created_at from products
          where type = 'product' and status <> 'deleted'
          order by created_at desc, id desc limit 10`,
    ),
  ]);
  return { totalProducts: counts!.total, featuredProducts: counts!.featured, categories: counts!.categories, recent };
}

/**
 * Products added (not suggestions, not deleted) in each of the last 12 weeks, Monday to Sunday
 * in UTC, the current week last; empty weeks count 0.
 */
export async function productsPerWeek(db: Pick<Database, "execute"> = getDb()): Promise<WeeklyProducts[]> {
  return selectRows(
    db,
    z.object({ week: col.text, products: col.int }),
    sql`with bounds as (select date_trunc('week', now() at time zone 'UTC')::date as this_week),
             weeks as (select generate_series(this_week - ${(PRODUCT_WEEKS - 1) * 7}::int, this_week, interval '7 days')::date as week from bounds),
             added as (select date_trunc('week', p.created_at at time zone 'UTC')::date as week, count(*)::int as n
                         from products p, bounds
                        where p.type = 'product' and p.status <> 'deleted'
                          and p.created_at >= ((bounds.this_week - ${(PRODUCT_WEEKS - 1) * 7}::int)::timestamp at time zone 'UTC')
                        group by 1)
        select weeks.week::text as week, coalesce(added.n, 0)::int as products
          from weeks left join added on added.week = weeks.week
         order by weeks.week`,
  );
}

/** Events of one kind per UTC day since the window's first day (site-wide). */
function eventsPerDay(table: "product_upvotes" | "bookmarks" | "product_clicks" | "product_feedback", where = sql``) {
  return sql`select (e.created_at at time zone 'UTC')::date as day, count(*)::int as n
               from ${sql.raw(table)} e, bounds
              where e.created_at >= (bounds.first::timestamp at time zone 'UTC') ${where}
              group by 1`;
}

/**
 * Site-wide engagement on each UTC day of the last 30, oldest first, zeros filled: upvotes, saves,
 * reviews (top-level feedback; replies are not reviews), click-outs and product page views.
 */
export async function engagementPerDay(db: Pick<Database, "execute"> = getDb()): Promise<DailyEngagement[]> {
  return selectRows(
    db,
    z.object({ day: col.text, views: col.int, clicks: col.int, upvotes: col.int, saves: col.int, reviews: col.int }),
    sql`with bounds as (select (now() at time zone 'UTC')::date - ${ENGAGEMENT_DAYS - 1}::int as first,
                               (now() at time zone 'UTC')::date as today),
             days as (select generate_series(first, today, interval '1 day')::date as day from bounds),
             upvotes as (${eventsPerDay("product_upvotes")}),
             saves as (${eventsPerDay("bookmarks")}),
             reviews as (${eventsPerDay("product_feedback", sql`and e.parent_id is null`)}),
             clicks as (${eventsPerDay("product_clicks")}),
             views as (select v.day, count(*)::int as n from product_views v, bounds where v.day >= bounds.first group by 1)
        select days.day::text as day,
               coalesce(upvotes.n, 0)::int as upvotes, coalesce(saves.n, 0)::int as saves,
               coalesce(reviews.n, 0)::int as reviews, coalesce(clicks.n, 0)::int as clicks,
               coalesce(views.n, 0)::int as views
          from days
          left join upvotes on upvotes.day = days.day
          left join saves on saves.day = days.day
          left join reviews on reviews.day = days.day
          left join clicks on clicks.day = days.day
          left join views on views.day = days.day
         order by days.day`,
  );
}

export interface DebugToolsData {
  errors: ErrorLogItem[];
  keep: number;
  perMinute: number;
}

/** Debug Tools: the most recent server errors the app recorded, newest first. */
export async function debugTools(db: Pick<Database, "execute"> = getDb()): Promise<DebugToolsData> {
  return { errors: await recentServerErrors(db, 50), keep: ERROR_LOG_KEEP, perMinute: ERROR_LOG_PER_MINUTE };
}

/** What the dashboard shows on `tab`: only that tab's figures are read. */
export async function dashboardPage(tab: DashboardTab, db: Database = getDb()) {
  if (tab === "debug") return { tab, debug: await debugTools(db) } as const;
  const [overview, weeks, engagement] = await Promise.all([dashboardOverview(db), productsPerWeek(db), engagementPerDay(db)]);
  return { tab, overview: { ...overview, weeks, engagement } } as const;
}
