/** The Feedback Reports stat cards. */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import { distribution, type FeedbackStats } from "../admin-feedback";

/**
 * The stat cards, from the counts the database keeps (migration 0030): a few rows per month of
 * reviews, exact at every read. Counted as the public sees them: reviews (no replies), not
 * hidden, by authors not suspended.
 */
export async function feedbackStats(db: Database): Promise<FeedbackStats> {
  const rows = await selectRows(
    db,
    z.object({ rating: col.int, reviews: col.int, this_month: col.int, products: col.int.nullable() }),
    sql`select c.rating, sum(c.reviews)::bigint as reviews,
               coalesce(sum(c.reviews) filter (where c.month = date_trunc('month', now() at time zone 'UTC')::date), 0)::bigint as this_month,
               (select products_reviewed from feedback_review_totals where id = 1) as products
          from feedback_review_counts c group by c.rating`,
  );
  const counts: Record<number, number> = {};
  let total = 0;
  let sum = 0;
  let thisMonth = 0;
  for (const row of rows) {
    counts[row.rating] = (counts[row.rating] ?? 0) + row.reviews;
    total += row.reviews;
    sum += row.reviews * row.rating;
    thisMonth += row.this_month;
  }
  return {
    total,
    average: total ? Math.round((sum / total) * 10) / 10 : null,
    thisMonth,
    // With no counted review, no product is reviewed either.
    productsReviewed: rows[0]?.products ?? 0,
    distribution: distribution(counts),
  };
}
