/**
 * The Feedback Reports filters as SQL conditions on one feedback row: kind and rating, and the
 * search's branches (comment, product name, author) on the copies each row keeps (migration 0033).
 */
import { sql, type SQL } from "drizzle-orm";
import type { FeedbackFilters } from "../admin-feedback";

/** LIKE pattern for "contains", with the user's %, _ and backslash taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The kind and rating filters on one feedback row (alias `x`). */
export function rowFilters(filters: FeedbackFilters, x: SQL): SQL {
  const parts: SQL[] = [filters.kind === "replies" ? sql`${x}.parent_id is not null` : sql`${x}.parent_id is null`];
  if (filters.rating) parts.push(sql`${x}.rating = ${filters.rating}`);
  return sql.join(parts, sql` and `);
}

/** The filters as a condition on f (product_feedback) alone. */
export function filterCondition(filters: FeedbackFilters): SQL {
  const parts: SQL[] = [rowFilters(filters, sql`f`)];
  if (filters.q) parts.push(searchMatch(likePattern(filters.q)));
  return sql.join(parts, sql` and `);
}

export const BRANCHES = ["comment", "product", "author"] as const;
export type Branch = (typeof BRANCHES)[number];

/**
 * Each search branch as a condition on one feedback row `f`, on the copies it keeps of its product's
 * name and its author's username, name and e-mail (migration 0033, kept by triggers): no lookup
 * per row, and no EXISTS, which the planner may turn into a hash of every matching user or product
 * (10,000 users for a common name) where a walk or a sample reads a few rows.
 */
export function branchCondition(branch: Branch, pattern: string): SQL {
  if (branch === "comment") return sql`f.comment ilike ${pattern}`;
  if (branch === "product") return sql`coalesce(lower(f.product_name) like lower(${pattern}), false)`;
  // Username, name and e-mail as the row keeps them (lower case, apart by chr(1), which no search holds).
  return sql`coalesce(f.author_search like lower(${pattern}), false)`;
}

/**
 * Whether a feedback row `f` matches the search: its comment, or the names it keeps of its product
 * and its author's username, name and e-mail (migration 0033), as the branches above read them.
 * The export walks the rows with it.
 */
function searchMatch(pattern: string): SQL {
  return sql`(${sql.join(
    BRANCHES.map((b) => branchCondition(b, pattern)),
    sql` or `,
  )})`;
}
