/** The reviews and replies public pages and the API show. */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { productTag, profileTag } from "~/db/cache-bus.server";
import { cachedRead } from "~/db/data-cache.server";
import { col, selectRows } from "~/db/rows.server";
import { intArray } from "~/db/sql-arrays";
import { getDb } from "~/db/registry.server";
import { REVIEWS_SHOWN, summarize, type FeedbackItem, type ProductFeedback, type Review } from "./feedback";
import { visibleFeedback } from "~/domain/reviews/reviews.server";

export const FeedbackRow = z.object({
  id: col.int,
  parent_id: col.int.nullable(),
  comment: col.text,
  rating: col.int,
  created_at: col.date,
  user_id: col.text,
  username: col.text.nullable(),
  avatar_url: col.text.nullable(),
  career: col.text.nullable(),
});
export type FeedbackRow = z.output<typeof FeedbackRow>;

// Public reviews: `visibleFeedback` (app/domain/reviews), shared with the comparison's ratings.

export const feedbackColumns = sql`f.id, f.parent_id, f.comment, f.rating, f.created_at, f.user_id, pr.username, pr.avatar_url, pr.career`;

export function toFeedbackItem(row: FeedbackRow): FeedbackItem {
  return {
    id: row.id,
    comment: row.comment,
    rating: row.rating,
    created_at: row.created_at.toISOString(),
    author: { id: row.user_id, username: row.username, avatar_url: row.avatar_url, career: row.career },
  };
}

/**
 * The reviews a product page shows, cached until a review, reply, moderation or author's profile
 * change invalidates them on any instance; `now` (for "2 days ago") is always this moment's.
 */
export async function publicProductFeedback(product: { id: number; slug: string }): Promise<ProductFeedback> {
  const feedback = await cachedRead({
    key: `feedback:${product.slug}`,
    tags: [productTag(product.slug)],
    tagsOf: ({ reviews }) => reviews.flatMap((review) => [review, ...review.replies]).map((item) => profileTag(item.author.id)),
    load: () => productFeedback(product.id),
  });
  return { ...feedback, now: Date.now() };
}

/** A product's reviews (newest first) with their replies (oldest first), and the review summary. */
export async function productFeedback(productId: number, limit = REVIEWS_SHOWN): Promise<ProductFeedback> {
  const db = getDb();
  const countRows = await selectRows(
    db,
    z.object({ rating: col.int, n: col.int }),
    sql`select f.rating, count(*)::int as n from product_feedback f
        where f.product_id = ${productId} and f.parent_id is null and ${visibleFeedback} group by f.rating`,
  );
  // Most products have no reviews yet: their page needs only the (empty) summary.
  const reviewRows = countRows.length
    ? await selectRows(
        db,
        FeedbackRow,
        sql`select ${feedbackColumns} from product_feedback f left join profiles pr on pr.id = f.user_id
            where f.product_id = ${productId} and f.parent_id is null and ${visibleFeedback}
            order by f.created_at desc, f.id desc limit ${limit}`,
      )
    : [];
  const reviewIds = reviewRows.map((r) => r.id);
  const replyRows = reviewIds.length
    ? await selectRows(
        db,
        FeedbackRow,
        sql`select ${feedbackColumns} from product_feedback f left join profiles pr on pr.id = f.user_id
            where f.parent_id = any(${intArray(reviewIds)}) and ${visibleFeedback}
            order by f.created_at, f.id`,
      )
    : [];
  const replies = new Map<number, FeedbackItem[]>();
  for (const row of replyRows) {
    const parent = row.parent_id!;
    const list = replies.get(parent) ?? [];
    list.push(toFeedbackItem(row));
    replies.set(parent, list);
  }
  const reviews: Review[] = reviewRows.map((row) => ({ ...toFeedbackItem(row), replies: replies.get(row.id) ?? [] }));
  const counts: Record<number, number> = {};
  for (const { rating, n } of countRows) counts[rating] = n;
  return { summary: summarize(counts), reviews, now: Date.now() };
}
