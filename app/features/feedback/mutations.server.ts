/** Adding a review or a reply (stored by app/domain/reviews), and dropping the product page's cached copies. */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { invalidate, productTag } from "~/db/cache-bus.server";
import { col, selectRow } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { publicProductFilter } from "~/domain/public-product.server";
import { insertFeedback } from "~/domain/reviews/reviews.server";
import { FEEDBACK_MESSAGES, REPLY_RATING, validateFeedback, type FeedbackErrors, type FeedbackItem } from "./feedback";
import { FeedbackRow, feedbackColumns, toFeedbackItem } from "./queries.server";

export type AddFeedbackResult =
  | { ok: true; feedback: FeedbackItem & { parent_id: number | null } }
  | { ok: false; status: 400 | 404; message: string; fields?: FeedbackErrors };

/**
 * Adds a review (parentId null: rating 1-5 required) or a reply (to a review of the same
 * product; stored with rating 5). The comment is stored as typed (NUL characters, which the
 * database cannot hold, removed) and rendered as text. Added in one statement (app/domain/reviews).
 */
export async function addFeedback(input: {
  productId: number;
  userId: string;
  comment: string;
  rating: number;
  parentId: number | null;
}): Promise<AddFeedbackResult> {
  const isReply = input.parentId !== null;
  const comment = input.comment.replaceAll("\u0000", "");
  const fields = validateFeedback({ comment, rating: input.rating, isReply });
  const message = fields.rating ?? fields.comment;
  if (message) return { ok: false, status: 400, message, fields };
  const rating = isReply ? REPLY_RATING : input.rating;
  const db = getDb();
  const id = await insertFeedback(db, { productId: input.productId, userId: input.userId, comment, rating, parentId: input.parentId });
  const row = id === undefined ? undefined : await selectRow(db, FeedbackRow, sql`select ${feedbackColumns} from product_feedback f left join profiles pr on pr.id = f.user_id where f.id = ${id}`);
  if (row) {
    await invalidateProductPage(input.productId);
    return { ok: true, feedback: { ...toFeedbackItem(row), parent_id: row.parent_id } };
  }
  const product = await selectRow(db, z.object({ id: col.int }), sql`select p.id from products p where p.id = ${input.productId} and ${publicProductFilter}`);
  return product
    ? { ok: false, status: 404, message: FEEDBACK_MESSAGES.reviewNotFound }
    : { ok: false, status: 404, message: FEEDBACK_MESSAGES.productNotFound };
}

/** The product's page shows its reviews: every instance drops its cached copy. */
async function invalidateProductPage(productId: number) {
  const product = await selectRow(getDb(), z.object({ slug: col.text }), sql`select slug from products where id = ${productId}`);
  if (product) await invalidate([productTag(product.slug)]);
}
