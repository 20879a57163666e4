/**
 * Product Submissions and User Suggestions (decision 043): the queues' reads (10 per page, newest
 * first, paged on the server) and the decisions. Every decision is one transaction that locks its
 * rows and writes its audit entry; the submitter is e-mailed only after it commits.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { intArray } from "~/db/sql-arrays";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { notifySubmitters, submitterMails, type SubmitterMail } from "~/domain/maker-mail.server";
import { productSlug } from "~/lib/slug";
import { MAX_QUEUE_PAGE, QUEUE_PAGE_SIZE, productFromSuggestion, pageCountOf } from "./submissions";

type Executor = Pick<Database, "execute">;

export interface SubmissionRow {
  id: number;
  product_name: string;
  slug: string;
  status: string;
  headline: string | null;
  tagline: string | null;
  description: string | null;
  website_url: string | null;
  pricing: string;
  tags: string[];
  niches: string[];
  submitter: string | null;
  submitter_email: string | null;
  created_at: string;
}

export interface SuggestionRow {
  id: number;
  text: string;
  username: string | null;
  email: string | null;
  created_at: string;
}

export interface QueuePage<T> {
  rows: T[];
  page: number;
  pageCount: number;
  total: number;
}

/**
 * Pending submissions. `products.status` is NOT NULL (every import and form sets it), so the
 * spec's "null status" cannot occur, and leaving out `or status is null` lets the page come from
 * the (status, type, created_at) index.
 */
const SUBMISSION_WHERE = sql`p.type = 'product' and p.status = 'pending'`;
const SUGGESTION_WHERE = sql`p.type = 'suggestion' and p.status = 'pending'`;

/** The exact number of pending products of a type, from the counts kept by triggers (decision 037). */
async function pendingCount(db: Executor, type: "product" | "suggestion"): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(sum(n), 0)::int as n from product_facet_counts where type = ${type} and status = 'pending'`,
  );
  return Number(row?.n ?? 0);
}

function clampPage(page: number, total: number): number {
  return Math.max(1, Math.min(page, pageCountOf(total), MAX_QUEUE_PAGE));
}

export async function listSubmissions(db: Executor, requested: number): Promise<QueuePage<SubmissionRow>> {
  const total = await pendingCount(db, "product");
  const page = clampPage(requested, total);
  const rows = await queryRows<SubmissionRow>(
    db,
    sql`select p.id, p.product_name, p.slug, p.status, p.headline, p.tagline, p.description, p.website_url, p.pricing, p.tags,
               array(select n.name from product_niches pn join niches n on n.id = pn.niche_id
                      where pn.product_id = p.id order by n.name) as niches,
               coalesce(pr.username, p.submitter_name) as submitter,
               coalesce(u.email, p.submitter_email) as submitter_email,
               p.created_at::text as created_at
          from (select p.id from products p where ${SUBMISSION_WHERE}
                 order by p.created_at desc, p.id desc
                 limit ${QUEUE_PAGE_SIZE} offset ${(page - 1) * QUEUE_PAGE_SIZE}) shown
          join products p on p.id = shown.id
          left join "user" u on u.id = p.submitter_id
          left join profiles pr on pr.id = p.submitter_id
         order by p.created_at desc, p.id desc`,
  );
  return { rows: rows.map((row) => ({ ...row, id: Number(row.id), tags: row.tags ?? [], niches: row.niches ?? [] })), page, pageCount: pageCountOf(total), total };
}

export async function listSuggestions(db: Executor, requested: number): Promise<QueuePage<SuggestionRow>> {
  const total = await pendingCount(db, "suggestion");
  const page = clampPage(requested, total);
  const rows = await queryRows<SuggestionRow>(
    db,
    sql`select p.id, coalesce(p.description, p.headline, '') as text,
               coalesce(pr.username, p.submitter_name) as username,
               coalesce(u.email, p.submitter_email) as email,
               p.created_at::text as created_at
          from (select p.id from products p where ${SUGGESTION_WHERE}
                 order by p.created_at desc, p.id desc
                 limit ${QUEUE_PAGE_SIZE} offset ${(page - 1) * QUEUE_PAGE_SIZE}) shown
          join products p on p.id = shown.id
          left join "user" u on u.id = p.submitter_id
          left join profiles pr on pr.id = p.submitter_id
         order by p.created_at desc, p.id desc`,
  );
  return { rows: rows.map((row) => ({ ...row, id: Number(row.id) })), page, pageCount: pageCountOf(total), total };
}

/* ------------------------------------------------------------------ submissions */

export type DecideResult = { ok: true; name: string } | { ok: false };

interface Locked {
  id: number;
  product_name: string;
  status: string | null;
  review_note: string | null;
}

async function lockSubmission(tx: Executor, id: number): Promise<Locked | undefined> {
  const [row] = await queryRows<Locked>(
    tx,
    sql`select id, product_name, status, review_note from products p where p.id = ${id} and ${SUBMISSION_WHERE} for update`,
  );
  return row;
}

/** Approve: the pending product becomes a draft (the ruling); the submitter is told. */
export async function approveSubmission(db: Database, admin: Actor, id: number): Promise<DecideResult> {
  let mails: SubmitterMail[] = [];
  const result = await db.transaction(async (tx): Promise<DecideResult> => {
    const row = await lockSubmission(tx, id);
    if (!row) return { ok: false };
    await tx.execute(sql`update products set status = 'draft', review_note = null, updated_at = now() where id = ${id}`);
    await recordAudit(tx, admin, {
      action: "submission.approve",
      entityType: "product",
      entityId: id,
      summary: row.product_name,
      changes: { status: { before: row.status, after: "draft" } },
    });
    mails = await submitterMails(tx, [id], "approved");
    return { ok: true, name: row.product_name };
  });
  notifySubmitters(mails);
  return result;
}

/** Reject with an optional reason (kept in review_note, shown on My Products); the submitter is told. */
export async function rejectSubmission(db: Database, admin: Actor, id: number, reason: string | null): Promise<DecideResult> {
  let mails: SubmitterMail[] = [];
  const result = await db.transaction(async (tx): Promise<DecideResult> => {
    const row = await lockSubmission(tx, id);
    if (!row) return { ok: false };
    await tx.execute(sql`update products set status = 'rejected', review_note = ${reason}, updated_at = now() where id = ${id}`);
    await recordAudit(tx, admin, {
      action: "submission.reject",
      entityType: "product",
      entityId: id,
      summary: row.product_name,
      changes: { status: { before: row.status, after: "rejected" }, review_note: { before: row.review_note, after: reason } },
    });
    mails = await submitterMails(tx, [id], "rejected", reason);
    return { ok: true, name: row.product_name };
  });
  notifySubmitters(mails);
  return result;
}

/** Deletes rows of one queue (their relations go with them: the foreign keys cascade). */
async function deleteQueued(db: Database, admin: Actor, ids: readonly number[], queue: "submission" | "suggestion"): Promise<number> {
  const where = queue === "submission" ? SUBMISSION_WHERE : SUGGESTION_WHERE;
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; product_name: string; status: string | null }>(
      tx,
      sql`select id, product_name, status from products p where p.id = any(${intArray(ids)}) and ${where} order by id for update`,
    );
    if (!rows.length) return 0;
    const found = rows.map((row) => Number(row.id));
    await tx.execute(sql`delete from products where id = any(${intArray(found)})`);
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
  const [row] = await queryRows<{ id: number; text: string | null; product_name: string; slug: string }>(
    tx,
    sql`select id, coalesce(description, headline) as text, product_name, slug from products p where p.id = ${id} and ${SUGGESTION_WHERE} for update`,
  );
  return row;
}

export async function rejectSuggestion(db: Database, admin: Actor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockSuggestion(tx, id);
    if (!row) return false;
    await tx.execute(sql`update products set status = 'rejected', updated_at = now() where id = ${id}`);
    await recordAudit(tx, admin, {
      action: "suggestion.reject",
      entityType: "product",
      entityId: id,
      summary: row.text ? row.text.slice(0, 80) : row.product_name,
      changes: { status: { before: "pending", after: "rejected" } },
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
    const [before] = await queryRows<{ website_url: string | null }>(tx, sql`select website_url from products where id = ${id}`);
    const website = before?.website_url || websiteUrl;
    await tx.execute(
      sql`update products set type = 'product', status = 'draft', product_name = ${name}, slug = ${slug},
                              website_url = ${website}, tagline = null, headline = null, updated_at = now()
           where id = ${id}`,
    );
    await recordAudit(tx, admin, {
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
    });
    return { ok: true, id } as const;
  });
}
