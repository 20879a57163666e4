/**
 * The moderation queue's reads (decision 040): pending revisions of live products (decision 033)
 * and pending claims (decision 032), oldest first, with the counts the tabs show. The decisions
 * are `mutations/moderation-queue.server.ts`; submissions and suggestions `submission-queues.server.ts`.
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { intArray } from "~/db/sql-arrays";
import { provenEmailSql } from "~/domain/auth/dev-sign-in.server";
import { offsetOf, pageCountOf } from "~/lib/paging";
import {
  compareDomains,
  EDITABLE,
  idList,
  isMakerEditable,
  MAKER_EDITABLE_FIELDS,
  QUEUE_PAGE_SIZE,
  RELATION_FIELDS,
  RELATIONS,
  type ClaimItem,
  type DiffRow,
  type QueuePage,
  type RelationField,
  type RevisionItem,
} from "../moderation";

type Executor = Pick<Database, "execute">;

/** The editable columns of a product as one JSON object (the live side of the diff). */
const LIVE_VALUES = sql.raw(
  `jsonb_build_object(${EDITABLE.map((f) => `'${f}', p.${f}`).join(", ")}, ` +
    `'niche_ids', array(select n.niche_id from product_niches n where n.product_id = p.id order by n.niche_id), ` +
    `'subcategory_ids', array(select s.subcategory_id from product_subcategories s where s.product_id = p.id order by s.subcategory_id))`,
);

const Named = z.object({ id: col.int, name: col.text });

/** Names of the niches and subcategories a page of revisions mentions, to show names instead of ids. */
async function relationNames(db: Executor, ids: { niche: Set<number>; subcategory: Set<number> }) {
  const names = { niche_ids: new Map<number, string>(), subcategory_ids: new Map<number, string>() };
  if (ids.niche.size) {
    const rows = await selectRows(db, Named, sql`select id, name from niches where id = any(${intArray([...ids.niche])})`);
    for (const row of rows) names.niche_ids.set(row.id, row.name);
  }
  if (ids.subcategory.size) {
    const rows = await selectRows(db, Named, sql`select id, name from subcategories where id = any(${intArray([...ids.subcategory])})`);
    for (const row of rows) names.subcategory_ids.set(row.id, row.name);
  }
  return names;
}

type RelationNames = Awaited<ReturnType<typeof relationNames>>;

function pageOf<T>(rows: T[], page: number, total: number): QueuePage<T> {
  return { rows, page, total, pageCount: pageCountOf(total, QUEUE_PAGE_SIZE) };
}

/**
 * The rest of a queue's select (`q` its rows): the product, the account and profile of the maker
 * or claimer, the pending rows oldest first, one page. A page past the end is empty.
 */
function pendingPage(table: "product_revisions" | "product_claims", page: number): SQL {
  return sql`from ${sql.identifier(table)} q
          join products p on p.id = q.product_id
          left join "user" u on u.id = q.user_id
          left join profiles pr on pr.id = q.user_id
         where q.status = 'pending'
         order by q.created_at, q.id
         limit ${QUEUE_PAGE_SIZE} offset ${offsetOf(page, QUEUE_PAGE_SIZE)}`;
}

export async function pendingCounts(db: Executor): Promise<{ revisions: number; claims: number }> {
  const row = await selectRow(
    db,
    z.object({ revisions: col.int, claims: col.int }),
    sql`select (select count(*)::int from product_revisions where status = 'pending') as revisions,
               (select count(*)::int from product_claims where status = 'pending') as claims`,
  );
  return { revisions: row?.revisions ?? 0, claims: row?.claims ?? 0 };
}

function diffRows(live: Record<string, unknown>, changes: Record<string, unknown>, names: RelationNames): DiffRow[] {
  const editable = EDITABLE.filter((field) => Object.hasOwn(changes, field)).map((field) => ({
    field,
    label: MAKER_EDITABLE_FIELDS[field],
    current: live[field] ?? null,
    proposed: changes[field] ?? null,
    applies: true,
  }));
  const named = (field: RelationField, value: unknown) => (idList(value) ?? []).map((id) => names[field].get(id) ?? `#${id}`).sort();
  const relations = RELATION_FIELDS.filter((field) => Object.hasOwn(changes, field)).map((field) => ({
    field,
    label: RELATIONS[field],
    current: named(field, live[field]),
    proposed: named(field, changes[field]),
    applies: idList(changes[field]) !== null,
  }));
  const other = Object.keys(changes)
    .filter((field) => !isMakerEditable(field) && !(RELATION_FIELDS as string[]).includes(field))
    .sort()
    .map((field) => ({ field, label: field, current: null, proposed: changes[field] ?? null, applies: false }));
  return [...editable, ...relations, ...other];
}

const jsonObject = z.record(z.string(), z.unknown());

const RevisionRow = z.object({
  id: col.int,
  product_id: col.int,
  /** Any JSON: what is not an object shows as no change. */
  changes: col.json,
  version: col.text,
  created_at: col.text,
  product_name: col.text,
  slug: col.text,
  product_status: col.text,
  live: jsonObject,
  user_id: col.text.nullable(),
  email: col.text.nullable(),
  username: col.text.nullable(),
});

/** A revision's `changes` when it is a JSON object, else no change. */
export function changesOf(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Pending revisions, oldest first, one page. */
export async function listPendingRevisions(db: Executor, page: number): Promise<QueuePage<RevisionItem>> {
  const { revisions: total } = await pendingCounts(db);
  const rows = await selectRows(
    db,
    RevisionRow,
    sql`select q.id, q.product_id, q.changes, q.created_at::text as version, q.created_at::text,
               p.product_name, p.slug, p.status as product_status, ${LIVE_VALUES} as live,
               q.user_id, u.email, pr.username
          ${pendingPage("product_revisions", page)}`,
  );
  const ids = { niche: new Set<number>(), subcategory: new Set<number>() };
  for (const row of rows) {
    for (const source of [row.live, changesOf(row.changes)]) {
      for (const id of idList(source.niche_ids) ?? []) ids.niche.add(id);
      for (const id of idList(source.subcategory_ids) ?? []) ids.subcategory.add(id);
    }
  }
  const names = await relationNames(db, ids);
  const items = rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    productName: row.product_name,
    slug: row.slug,
    productStatus: row.product_status,
    maker: { id: row.user_id, username: row.username, email: row.email },
    createdAt: row.created_at,
    version: row.version,
    diff: diffRows(row.live, changesOf(row.changes), names),
  }));
  return pageOf(items, page, total);
}

/** Pending claims, oldest first, one page. */
export async function listPendingClaims(db: Executor, page: number): Promise<QueuePage<ClaimItem>> {
  const { claims: total } = await pendingCounts(db);
  const rows = await selectRows(
    db,
    z.object({
      id: col.int,
      product_id: col.int,
      created_at: col.text,
      product_name: col.text,
      slug: col.text,
      product_status: col.text,
      website_domain: col.text.nullable(),
      user_id: col.text,
      email: col.text.nullable(),
      email_verified: col.bool.nullable(),
      username: col.text.nullable(),
    }),
    sql`select q.id, q.product_id, q.created_at::text, p.product_name, p.slug, p.status as product_status, p.website_domain,
               q.user_id, u.email, ${provenEmailSql(sql`q.user_id`)} as email_verified, pr.username
          ${pendingPage("product_claims", page)}`,
  );
  const items = rows.map((row) => {
    const emailDomain = row.email?.includes("@") ? row.email.slice(row.email.lastIndexOf("@") + 1).toLowerCase() : null;
    return {
      id: row.id,
      productId: row.product_id,
      productName: row.product_name,
      slug: row.slug,
      productStatus: row.product_status,
      websiteDomain: row.website_domain,
      claimer: { id: row.user_id, username: row.username, email: row.email, emailVerified: row.email_verified === true },
      emailDomain,
      match: compareDomains(emailDomain, row.website_domain),
      createdAt: row.created_at,
    };
  });
  return pageOf(items, page, total);
}
