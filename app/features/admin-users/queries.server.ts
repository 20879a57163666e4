/**
 * Manage Users' reads (decision 044): the paged, searchable list and one user's details. Suspend
 * and restore are `mutations.server.ts`.
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { textArray } from "~/db/sql-arrays";
import { pageSlice } from "~/lib/paging";
import { MAX_PAGE, PAGE_SIZE, type UserFilters } from "./admin-users";

/** A timestamp as the page shows it: ISO 8601 UTC. */
const isoDate = col.date.transform((date) => date.toISOString());

const UserRowSchema = z.object({
  id: col.text,
  username: col.text.nullable(),
  name: col.text,
  email: col.text,
  avatar: col.text.nullable(),
  career: col.text.nullable(),
  created_at: isoDate,
  suspended: col.bool,
  admin: col.bool,
});
export type UserRow = z.output<typeof UserRowSchema>;

export interface UserPage {
  rows: UserRow[];
  /** Exact, or an estimate when `estimated` (a search matching many users). */
  total: number;
  page: number;
  pageCount: number;
  estimated: boolean;
}

const UserDetailsSchema = UserRowSchema.extend({
  suspended_at: isoDate.nullable(),
  last_active_at: isoDate.nullable(),
  products: col.int,
  reviews: col.int,
  upvotes: col.int,
});
export type UserDetails = z.output<typeof UserDetailsSchema>;

/** LIKE pattern for "contains", with the visitor's %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ROW_COLUMNS = sql`u.id, p.username, u.name, u.email, coalesce(p.avatar_url, u.image) as avatar, p.career,
  u.created_at, u.suspended_at is not null as suspended,
  exists (select 1 from admin_users a where a.email = lower(u.email)) as admin`;

/** A search is counted exactly up to this many users; beyond, the count is a labelled estimate. */
export const USER_SEARCH_EXACT_LIMIT = 1_000;
/** Users read by the block sample behind an estimate. */
const SAMPLE_ROWS = 2_000;

/** Whether a row (u, p joined) matches: e-mail, name or username contains the text. */
function matches(pattern: string) {
  return sql`(lower(u.email) like ${pattern} or lower(u.name) like ${pattern} or lower(p.username) like ${pattern})`;
}

/** Searches shorter than this have no trigram: they are served by the short-gram indexes (migration 0029). */
const TRIGRAM_MIN = 3;

/**
 * Up to `limit` ids of users matching a search, each branch on its index (lower e-mail, lower
 * name, lower username), each stopping at `limit`: the cost follows the limit. Three characters
 * or more use the trigram indexes with the LIKE pattern; one or two use the short-gram indexes,
 * which hold every character and pair of adjacent characters of the lowered text.
 */
async function boundedSearch(db: Database, q: string, limit: number): Promise<string[]> {
  const text = q.toLowerCase();
  const pattern = containsPattern(q);
  const branch = (column: SQL) =>
    Array.from(text).length < TRIGRAM_MIN ? sql`short_grams(lower(${column})) @> array[${text}]::text[]` : sql`lower(${column}) like ${pattern}`;
  const rows = await selectRows(
    db,
    z.object({ id: col.text }),
    sql`select id from (
          (select id from "user" where ${branch(sql`email`)} limit ${limit})
          union (select id from "user" where ${branch(sql`name`)} limit ${limit})
          union (select id from profiles where ${branch(sql`username`)} limit ${limit})
        ) m limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

/**
 * How many of the users read (`u`, without profiles joined) match, as `hits`: the username is
 * looked up per user (a join would read every profile).
 */
function hits(pattern: string): SQL {
  return sql`count(*) filter (where lower(u.email) like ${pattern} or lower(u.name) like ${pattern}
                                 or lower((select p.username from profiles p where p.id = u.id)) like ${pattern})::int as hits`;
}

/** Users of the newest-first probe that tells a common search from a rare one. */
const PROBE_ROWS = 1_000;
/** A search matching this many of the probe's users may be common; the block sample then decides. */
const PROBE_COMMON = 10;

/**
 * Whether a search looks common: at least PROBE_COMMON of the newest PROBE_ROWS users match (one
 * short index walk). A common text is cheap to find this way and dearer to collect by index. With
 * fewer users than the probe reads, collecting is cheap: never common.
 */
async function looksCommon(db: Database, pattern: string): Promise<boolean> {
  const row = await selectRow(
    db,
    z.object({ hits: col.int, probed: col.int }),
    sql`select ${hits(pattern)}, count(*)::int as probed
          from (select id, email, name from "user" order by created_at desc, id desc limit ${PROBE_ROWS}) u`,
  );
  return (row?.probed ?? 0) === PROBE_ROWS && (row?.hits ?? 0) >= PROBE_COMMON;
}

/** About how many users match: a repeatable block sample's share. */
async function estimateSearch(db: Database, pattern: string): Promise<number> {
  const size = await selectRow(db, z.object({ n: col.int }), sql`select greatest(reltuples, 0)::bigint as n from pg_class where oid = '"user"'::regclass`);
  const users = Math.max(1, size?.n ?? 0);
  const percent = Math.min(100, Math.max(0.01, (SAMPLE_ROWS / users) * 100));
  const sample = await selectRow(
    db,
    z.object({ hits: col.int, sampled: col.int }),
    sql`select ${hits(pattern)}, count(*)::int as sampled
          from "user" u tablesample system (${percent}::real) repeatable (37)`,
  );
  const sampled = sample?.sampled ?? 0;
  return sampled ? Math.round(((sample?.hits ?? 0) / sampled) * users) : 0;
}

/**
 * The list, newest first, 20 a page. Without a search: an exact count and the page's ids from
 * the (created_at, id) index. With one: matches collected by index up to the exact limit (the
 * page then sorted from those ids); beyond it the text is common, so walking the newest-first
 * index finds a page quickly, and the count is a labelled estimate. A text common among the
 * newest users that the sample puts clearly past the limit skips the collection.
 */
export async function listUsers(db: Database, f: Pick<UserFilters, "q" | "page">): Promise<UserPage> {
  const pageOf = (total: number) => pageSlice(total, f.page, PAGE_SIZE);
  if (!f.q) {
    const count = await selectRow(db, z.object({ total: col.int }), sql`select count(*)::int as total from "user"`);
    const total = count?.total ?? 0;
    const { page, pageCount, offset } = pageOf(total);
    const rows = await selectRows(
      db,
      UserRowSchema,
      sql`with shown as (select id, created_at from "user" order by created_at desc, id desc limit ${PAGE_SIZE} offset ${offset})
          select ${ROW_COLUMNS} from shown s join "user" u on u.id = s.id left join profiles p on p.id = u.id
          order by u.created_at desc, u.id desc`,
    );
    return { rows, total, page, pageCount, estimated: false };
  }
  const pattern = containsPattern(f.q);
  // Common among the newest users and, by the sample, clearly past the bound: walk, don't collect.
  let estimate = (await looksCommon(db, pattern)) ? await estimateSearch(db, pattern) : 0;
  const ids = estimate >= 3 * USER_SEARCH_EXACT_LIMIT ? null : await boundedSearch(db, f.q, USER_SEARCH_EXACT_LIMIT + 1);
  if (ids && ids.length <= USER_SEARCH_EXACT_LIMIT) {
    const total = ids.length;
    const { page, pageCount, offset } = pageOf(total);
    const rows = total
      ? await selectRows(
          db,
          UserRowSchema,
          sql`with shown as (select id, created_at from "user" where id = any(${textArray(ids)})
                             order by created_at desc, id desc limit ${PAGE_SIZE} offset ${offset})
              select ${ROW_COLUMNS} from shown s join "user" u on u.id = s.id left join profiles p on p.id = u.id
              order by u.created_at desc, u.id desc`,
        )
      : [];
    return { rows, total, page, pageCount, estimated: false };
  }
  if (!estimate) estimate = await estimateSearch(db, pattern);
  const total = Math.min(Math.max(USER_SEARCH_EXACT_LIMIT + 1, estimate), MAX_PAGE * PAGE_SIZE);
  const { page, pageCount, offset } = pageOf(total);
  const rows = await selectRows(
    db,
    UserRowSchema,
    sql`select ${ROW_COLUMNS} from "user" u left join profiles p on p.id = u.id where ${matches(pattern)}
        order by u.created_at desc, u.id desc limit ${PAGE_SIZE} offset ${offset}`,
  );
  return { rows, total, page, pageCount, estimated: true };
}

export async function userDetails(db: Database, id: string): Promise<UserDetails | null> {
  const row = await selectRow(
    db,
    UserDetailsSchema,
    sql`select ${ROW_COLUMNS}, u.suspended_at, p.last_active_at,
               (select count(*) from products x where x.submitter_id = u.id and x.type = 'product')::int as products,
               (select count(*) from product_feedback r where r.user_id = u.id and r.parent_id is null)::int as reviews,
               (select count(*) from product_upvotes v where v.user_id = u.id)::int as upvotes
          from "user" u left join profiles p on p.id = u.id where u.id = ${id}`,
  );
  return row ?? null;
}
