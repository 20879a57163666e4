/**
 * Product Submissions and User Suggestions (decision 043): the queues' reads, 10 per page, newest
 * first, paged on the server. Their decisions are `mutations/submission-queues.server.ts`.
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { pageSlice } from "~/lib/paging";
import { SUBMISSIONS_PAGE_SIZE, type QueuePage } from "../moderation";

type Executor = Pick<Database, "execute">;

const texts = col.texts.nullable().transform((v) => v ?? []);

const SubmissionRow = z.object({
  id: col.int,
  product_name: col.text,
  slug: col.text,
  status: col.text,
  headline: col.text.nullable(),
  tagline: col.text.nullable(),
  description: col.text.nullable(),
  website_url: col.text.nullable(),
  pricing: col.text,
  tags: texts,
  niches: texts,
  submitter: col.text.nullable(),
  submitter_email: col.text.nullable(),
  created_at: col.text,
});
export type SubmissionRow = z.output<typeof SubmissionRow>;

const SuggestionRow = z.object({
  id: col.int,
  text: col.text,
  username: col.text.nullable(),
  email: col.text.nullable(),
  created_at: col.text,
});
export type SuggestionRow = z.output<typeof SuggestionRow>;

/**
 * Pending submissions. `products.status` is NOT NULL (every import and form sets it), so the
 * spec's "null status" cannot occur, and leaving out `or status is null` lets the page come from
 * the (status, type, created_at) index.
 */
export const SUBMISSION_WHERE = sql`p.type = 'product' and p.status = 'pending'`;
export const SUGGESTION_WHERE = sql`p.type = 'suggestion' and p.status = 'pending'`;

/** The exact number of pending products of a type, from the counts kept by triggers (decision 037). */
async function pendingCount(db: Executor, type: "product" | "suggestion"): Promise<number> {
  const row = await selectRow(
    db,
    z.object({ n: col.int }),
    sql`select coalesce(sum(n), 0)::int as n from product_facet_counts where type = ${type} and status = 'pending'`,
  );
  return row?.n ?? 0;
}

/**
 * One page of a queue, newest first: the page's ids from the index, then `columns` of those rows
 * with the submitter's account and profile (`u`, `pr`). A page past the end shows the last one.
 */
async function queuePage<S extends z.ZodType>(db: Executor, type: "product" | "suggestion", schema: S, columns: SQL, requested: number): Promise<QueuePage<z.output<S>>> {
  const total = await pendingCount(db, type);
  const { page, pageCount, offset } = pageSlice(total, requested, SUBMISSIONS_PAGE_SIZE);
  const rows = await selectRows(
    db,
    schema,
    sql`select ${columns}
          from (select p.id from products p where ${type === "product" ? SUBMISSION_WHERE : SUGGESTION_WHERE}
                 order by p.created_at desc, p.id desc
                 limit ${SUBMISSIONS_PAGE_SIZE} offset ${offset}) shown
          join products p on p.id = shown.id
          left join "user" u on u.id = p.submitter_id
          left join profiles pr on pr.id = p.submitter_id
         order by p.created_at desc, p.id desc`,
  );
  return { rows, page, pageCount, total };
}

export function listSubmissions(db: Executor, requested: number): Promise<QueuePage<SubmissionRow>> {
  const columns = sql`p.id, p.product_name, p.slug, p.status, p.headline, p.tagline, p.description, p.website_url, p.pricing, p.tags,
               array(select n.name from product_niches pn join niches n on n.id = pn.niche_id
                      where pn.product_id = p.id order by n.name) as niches,
               coalesce(pr.username, p.submitter_name) as submitter,
               coalesce(u.email, p.submitter_email) as submitter_email,
               p.created_at::text as created_at`;
  return queuePage(db, "product", SubmissionRow, columns, requested);
}

export function listSuggestions(db: Executor, requested: number): Promise<QueuePage<SuggestionRow>> {
  const columns = sql`p.id, coalesce(p.description, p.headline, '') as text,
               coalesce(pr.username, p.submitter_name) as username,
               coalesce(u.email, p.submitter_email) as email,
               p.created_at::text as created_at`;
  return queuePage(db, "suggestion", SuggestionRow, columns, requested);
}
