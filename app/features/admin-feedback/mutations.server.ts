/** Hiding, showing again and deleting a review or reply, with its audit entry (decision 046). */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { invalidate, productTag } from "~/db/cache-bus.server";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { deleteFeedback, setFeedbackHidden } from "~/domain/reviews/reviews.server";
import { FEEDBACK_REPORT_MESSAGES, type ModerationIntent } from "./admin-feedback";

export type ModerationResult = { ok: true; slug: string } | { ok: false; status: 404; message: string };

/**
 * Hides, shows again or deletes one review or reply (a review's replies go with it), with its audit
 * entry, in one transaction; the database's triggers update the product's comment count in it.
 */
export async function moderateFeedback(db: Database, actor: Actor, intent: ModerationIntent, id: number): Promise<ModerationResult> {
  const result = await db.transaction(async (tx) => {
    const row = await selectRow(
      tx,
      z.object({
        id: col.int,
        parent_id: col.int.nullable(),
        product_id: col.int,
        user_id: col.text,
        rating: col.int,
        comment: col.text,
        hidden_at: col.date.nullable(),
        slug: col.text,
        product_name: col.text,
        replies: col.int,
      }),
      sql`select f.id, f.parent_id, f.product_id, f.user_id, f.rating, f.comment, f.hidden_at, p.slug, p.product_name,
                 (select count(*)::int from product_feedback r where r.parent_id = f.id) as replies
          from product_feedback f join products p on p.id = f.product_id
          where f.id = ${id} for update of f`,
    );
    if (!row) return null;
    const kind = row.parent_id === null ? "Review" : "Reply";
    const summary = `${kind} #${row.id} on ${row.product_name}`;
    const before = row.hidden_at?.toISOString() ?? null;
    if (intent === "delete") {
      await deleteFeedback(tx, id);
      await recordAudit(tx, actor, {
        action: "feedback.delete",
        entityType: "feedback",
        entityId: id,
        summary,
        changes: {
          product_id: row.product_id,
          parent_id: row.parent_id,
          user_id: row.user_id,
          rating: row.rating,
          comment: row.comment,
          replies_deleted: row.replies,
        },
      });
    } else {
      const after = (await setFeedbackHidden(tx, id, intent === "hide"))?.toISOString() ?? null;
      await recordAudit(tx, actor, {
        action: intent === "hide" ? "feedback.hide" : "feedback.unhide",
        entityType: "feedback",
        entityId: id,
        summary,
        changes: { hidden_at: { before, after } },
      });
    }
    return row.slug;
  });
  if (result === null) return { ok: false, status: 404, message: FEEDBACK_REPORT_MESSAGES.notFound };
  await invalidate(["lists", productTag(result)]);
  return { ok: true, slug: result };
}
