/** The stats feature's reads: a product's stats row for its makers, and a user's activities. */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { dailyActivity } from "~/domain/product-activity.server";
import { isProductMaker, managedByAs } from "~/domain/product-access.server";
import { publicProductFilter } from "~/domain/public-product.server";
import { ACTIVITY_PREVIEW_LENGTH, preview, type Activity, type ActivityKind, type SubmitterStats } from "./stats";

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

const Row = z.object({
  kind: z.enum(["review", "reply", "upvote", "save"]) satisfies z.ZodType<ActivityKind>,
  id: col.text,
  created_at: col.date,
  comment: col.text.nullable(),
  rating: col.int.nullable(),
  slug: col.text,
  product_name: col.text,
  logo_url: col.text.nullable(),
});

/**
 * The profile's My Activities: the user's reviews and replies (previews of 100 characters),
 * upvotes and saves on live products, newest first. Only recorded events: nothing is invented.
 */
export async function userActivities(userId: string, limit = 50): Promise<Activity[]> {
  const n = Math.max(1, Math.min(200, Math.trunc(limit)));
  const rows = await selectRows(
    getDb(),
    Row,
    sql`select * from (
          (select case when f.parent_id is null then 'review' else 'reply' end as kind, f.id::text as id, f.created_at,
                  left(f.comment, ${ACTIVITY_PREVIEW_LENGTH + 1}) as comment,
                  case when f.parent_id is null then f.rating end as rating, p.slug, p.product_name, p.logo_url
             from product_feedback f join products p on p.id = f.product_id
             where f.user_id = ${userId} and f.hidden_at is null and ${publicProductFilter}
               and not exists (select 1 from "user" su where su.id = f.user_id and su.suspended_at is not null)
             order by f.created_at desc, f.id desc limit ${n})
          union all
          (select 'upvote', u.id::text, u.created_at, null, null, p.slug, p.product_name, p.logo_url
             from product_upvotes u join products p on p.id = u.product_id
             where u.user_id = ${userId} and ${publicProductFilter}
             order by u.created_at desc, u.id desc limit ${n})
          union all
          (select 'save', b.id::text, b.created_at, null, null, p.slug, p.product_name, p.logo_url
             from bookmarks b join products p on p.id = b.product_id
             where b.user_id = ${userId} and ${publicProductFilter}
             order by b.created_at desc, b.id desc limit ${n})
        ) a
        order by created_at desc, kind, id desc
        limit ${n}`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    key: `${row.kind}-${row.id}`,
    created_at: row.created_at.toISOString(),
    product: { slug: row.slug, name: row.product_name, logo_url: row.logo_url },
    preview: row.comment === null ? null : preview(row.comment),
    rating: row.rating,
  }));
}
