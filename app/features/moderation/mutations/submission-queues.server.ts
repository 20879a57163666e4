/**
 * Product Submissions and User Suggestions (decision 043): the decisions. Every decision is one
 * transaction that locks its rows and writes its audit entry; the submitter is e-mailed only after
 * it commits. The queues' reads are `queries/submission-queues.server.ts`.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { intArray } from "~/db/sql-arrays";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { notifySubmitters, submitterMails, type SubmitterMail } from "~/domain/maker-mail.server";
import { deleteProducts, suggestionToProduct } from "~/domain/products/edits.server";
import { moveProducts } from "~/domain/products/move.server";
import { productSlug } from "~/lib/slug";
import { SUBMISSION_WHERE, SUGGESTION_WHERE } from "../queries/submission-queues.server";
import { productFromSuggestion } from "../suggestion-product";

type Executor = Pick<Database, "execute">;

/* ------------------------------------------------------------------ submissions */

export type DecideResult = { ok: true; name: string } | { ok: false };

const Locked = z.object({ id: col.int, product_name: col.text, status: col.text.nullable(), review_note: col.text.nullable() });

async function lockSubmission(tx: Executor, id: number) {
  return selectRow(
    tx,
    Locked,
    sql`select id, product_name, status, review_note from products p where p.id = ${id} and ${SUBMISSION_WHERE} for update`,
  );
}

/**
 * Approve (the pending product becomes a draft: the ruling) or reject with an optional reason
 * (kept in review_note, shown on My Products); the submitter is told after the commit.
 */
async function decideSubmission(db: Database, admin: Actor, id: number, approve: boolean, reason: string | null): Promise<DecideResult> {
  let mails: SubmitterMail[] = [];
  const result = await db.transaction(async (tx): Promise<DecideResult> => {
    const row = await lockSubmission(tx, id);
    if (!row) return { ok: false };
    const to = approve ? "draft" : "rejected";
    const status = { before: row.status, after: to };
    await moveProducts(tx, {
      ids: [id],
      to,
      actor: admin,
      reason: approve ? null : reason,
      audit: () => ({
        action: approve ? "submission.approve" : "submission.reject",
        entityType: "product",
        entityId: id,
        summary: row.product_name,
        changes: approve ? { status } : { status, review_note: { before: row.review_note, after: reason } },
      }),
    });
    mails = await submitterMails(tx, [id], approve ? "approved" : "rejected", approve ? null : reason);
    return { ok: true, name: row.product_name };
  });
  notifySubmitters(mails);
  return result;
}

export const approveSubmission = (db: Database, admin: Actor, id: number) => decideSubmission(db, admin, id, true, null);
export const rejectSubmission = (db: Database, admin: Actor, id: number, reason: string | null) => decideSubmission(db, admin, id, false, reason);

/** Deletes rows of one queue (their relations go with them: the foreign keys cascade). */
async function deleteQueued(db: Database, admin: Actor, ids: readonly number[], queue: "submission" | "suggestion"): Promise<number> {
  const where = queue === "submission" ? SUBMISSION_WHERE : SUGGESTION_WHERE;
  return db.transaction(async (tx) => {
    const rows = await selectRows(
      tx,
      z.object({ id: col.int, product_name: col.text, status: col.text.nullable() }),
      sql`select id, product_name, status from products p where p.id = any(${intArray(ids)}) and ${where} order by id for update`,
    );
    if (!rows.length) return 0;
    const found = rows.map((row) => row.id);
    await deleteProducts(tx, found);
    await recordAudit(tx, admin, {
      action: `${queue}.delete`,
      entityType: "product",
      entityId: found.length === 1 ? found[0] : null,
      summary: found.length === 1 ? rows[0]!.product_name : `${found.length} ${queue}s`,
      changes: { ids: found, names: Object.fromEntries(rows.map((row) => [row.id, row.product_name])) },
    });
    return found.length;
  });
}

export const deleteSubmissions = (db: Database, admin: Actor, ids: readonly number[]) => deleteQueued(db, admin, ids, "submission");
export const deleteSuggestions = (db: Database, admin: Actor, ids: readonly number[]) => deleteQueued(db, admin, ids, "suggestion");

/* ------------------------------------------------------------------ suggestions */

async function lockSuggestion(tx: Executor, id: number) {
  return selectRow(
    tx,
    z.object({ id: col.int, text: col.text.nullable(), product_name: col.text, slug: col.text }),
    sql`select id, coalesce(description, headline) as text, product_name, slug from products p where p.id = ${id} and ${SUGGESTION_WHERE} for update`,
  );
}

export async function rejectSuggestion(db: Database, admin: Actor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockSuggestion(tx, id);
    if (!row) return false;
    await moveProducts(tx, {
      ids: [id],
      to: "rejected",
      actor: admin,
      audit: () => ({
        action: "suggestion.reject",
        entityType: "product",
        entityId: id,
        summary: row.text ? row.text.slice(0, 80) : row.product_name,
        changes: { status: { before: "pending", after: "rejected" } },
      }),
    });
    return true;
  });
}

/**
 * Turns the suggestion into a draft product in place: the row keeps its submitter, becomes type
 * product with status draft, is named after the text's first words (slug from that name and the
 * id, so it is unique), and the text becomes the description. The admin then completes it in the
 * product form.
 */
export async function convertSuggestion(db: Database, admin: Actor, id: number): Promise<{ ok: true; id: number } | { ok: false }> {
  return db.transaction(async (tx) => {
    const row = await lockSuggestion(tx, id);
    if (!row) return { ok: false } as const;
    const { name, websiteUrl } = productFromSuggestion(row.text);
    const slug = `${productSlug(name).slice(0, 80)}-${id}`;
    const before = await selectRow(tx, z.object({ website_url: col.text.nullable() }), sql`select website_url from products where id = ${id}`);
    const website = before?.website_url || websiteUrl;
    await suggestionToProduct(tx, id, { name, slug, websiteUrl: website });
    await moveProducts(tx, {
      ids: [id],
      to: "draft",
      actor: admin,
      audit: () => ({
        action: "suggestion.convert",
        entityType: "product",
        entityId: id,
        summary: name,
        changes: {
          type: { before: "suggestion", after: "product" },
          status: { before: "pending", after: "draft" },
          product_name: { before: row.product_name, after: name },
          slug: { before: row.slug, after: slug },
          ...(website !== (before?.website_url ?? null) ? { website_url: { before: before?.website_url ?? null, after: website } } : {}),
        },
      }),
    });
    return { ok: true, id } as const;
  });
}
