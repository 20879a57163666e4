import { sql } from "drizzle-orm";
import { z } from "zod";
import { col, selectRows } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { publicProductFilter } from "~/domain/public-product.server";
import { ACTIVITY_PREVIEW_LENGTH, preview, type Activity, type ActivityKind } from "./stats";

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
