/**
 * The one writer of reviews and replies (`product_feedback`, decision 075's rule for every
 * aggregate): members add them (features/feedback), administrators hide, show and delete them
 * (features/admin-feedback). Callers own the checks of who may, the audit entry and the cache.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { publicProductFilter } from "~/domain/public-product.server";

type Executor = Pick<Database, "execute">;

export interface NewFeedback {
  productId: number;
  userId: string;
  comment: string;
  rating: number;
  parentId: number | null;
}

/**
 * Adds a review (or a reply to a shown review of a member in good standing) on a public product, in
 * one statement: the id, or undefined when the product or the review replied to is not there.
 */
export async function insertFeedback(db: Executor, input: NewFeedback): Promise<number | undefined> {
  const row = await selectRow(
    db,
    z.object({ id: col.int }),
    sql`insert into product_feedback (product_id, user_id, comment, rating, parent_id)
        select p.id, ${input.userId}, ${input.comment}, ${input.rating}, ${input.parentId}::int
        from products p
        where p.id = ${input.productId} and ${publicProductFilter}
          and (${input.parentId}::int is null or exists (
                select 1 from product_feedback r
                where r.id = ${input.parentId}::int and r.product_id = p.id and r.parent_id is null and r.hidden_at is null
                  and not exists (select 1 from "user" su where su.id = r.user_id and su.suspended_at is not null)))
        returning id`,
  );
  return row?.id;
}

/** Deletes a review or reply (a review's replies go with it: on delete cascade). */
export async function deleteFeedback(tx: Executor, id: number): Promise<void> {
  await tx.execute(sql`delete from product_feedback where id = ${id}`);
}

/** Hides (keeping the first time it was hidden) or shows a review or reply: when it is hidden now. */
export async function setFeedbackHidden(tx: Executor, id: number, hidden: boolean): Promise<Date | null> {
  const row = await selectRow(
    tx,
    z.object({ hidden_at: col.date.nullable() }),
    hidden
      ? sql`update product_feedback set hidden_at = coalesce(hidden_at, now()) where id = ${id} returning hidden_at`
      : sql`update product_feedback set hidden_at = null where id = ${id} returning hidden_at`,
  );
  return row?.hidden_at ?? null;
}

/**
 * The reviews and replies the public sees, over `product_feedback f`: not hidden by an admin, and
 * not written by a suspended member (decision 046); product_stats.comments counts the same rows
 * (the baseline's triggers). Every public read of reviews (the product page, ratings in
 * comparisons) uses this one condition.
 */
export const visibleFeedback = sql`f.hidden_at is null and not exists (select 1 from "user" su where su.id = f.user_id and su.suspended_at is not null)`;
