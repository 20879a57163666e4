/**
 * Upvotes and saves (bookmarks): the writes. The user always comes from the session; the counts the
 * public sees live in product_stats and are kept by the database's triggers (0002_counters.sql) in
 * the same transaction as the row written here, so no toggle can be lost or counted twice.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { invalidateProductById } from "~/db/cache-bus.server";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { intArray, textArray } from "~/db/sql-arrays";
import type { RateLimitResult } from "~/lib/http/rate-limit";

export type ToggleResult<K extends "upvoted" | "bookmarked", C extends "upvotes" | "bookmarks"> =
  | ({ ok: true; changed: boolean } & Record<K, boolean> & Record<C, number>)
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "rate_limited"; limit: RateLimitResult };

export type UpvoteResult = ToggleResult<"upvoted", "upvotes">;
export type BookmarkResult = ToggleResult<"bookmarked", "bookmarks">;

/** Rate limits counted by the toggle's own statement (one round trip). */
export interface ToggleLimits {
  entries: { key: string; limit: number }[];
  windowSeconds: number;
}

const ToggleRow = z.object({ status: col.text, changed: col.bool, total: col.int, retry_after: col.int });

/**
 * One toggle in one round trip: `engagement_toggle` (migrations 0008, 0009) counts the rate limits,
 * writes (or removes) the row idempotently and reads the count the triggers keep in
 * product_stats after the write, so the answer is exactly the count after this change. Products
 * that are missing or not live are refused whole. Keeping it inside the database holds the hot
 * stats row's lock for microseconds, not across client round trips.
 */
async function toggle(
  db: Database,
  kind: "upvote" | "bookmark",
  userId: string,
  productId: number,
  on: boolean,
  limits?: ToggleLimits,
): Promise<{ ok: true; changed: boolean; count: number } | { ok: false; reason: "not_found" } | { ok: false; reason: "rate_limited"; limit: RateLimitResult }> {
  const entries = limits?.entries ?? [];
  const row = await selectRow(
    db,
    ToggleRow,
    sql`select status, changed, total, retry_after from engagement_toggle(
          ${kind}, ${productId}, ${userId}, ${on},
          ${textArray(entries.map((e) => e.key))}, ${intArray(entries.map((e) => e.limit))}, ${limits?.windowSeconds ?? 60})`,
  );
  if (!row || row.status === "not_found") return { ok: false, reason: "not_found" };
  if (row.status === "rate_limited") {
    return { ok: false, reason: "rate_limited", limit: { ok: false, retryAfterSeconds: row.retry_after } };
  }
  return { ok: true, changed: row.changed, count: row.total };
}

/**
 * After a toggle that changed something: the product's page shows its counts (and its first
 * upvoters); every list shows, and is ordered by, upvotes. Runs after the toggle's own statement.
 */
function invalidateCounts(productId: number, kind: "upvote" | "bookmark") {
  return invalidateProductById(productId, kind === "upvote" ? ["stats"] : []);
}

/** Upvotes (on) or withdraws the upvote (off); idempotent. */
export async function setUpvote(userId: string, productId: number, on: boolean, db: Database = getDb(), limits?: ToggleLimits): Promise<UpvoteResult> {
  const result = await toggle(db, "upvote", userId, productId, on, limits);
  if (!result.ok) return result;
  if (result.changed) await invalidateCounts(productId, "upvote");
  return { ok: true, changed: result.changed, upvoted: on, upvotes: result.count };
}

/** Saves (on) or removes the save (off); idempotent. `changed: false` on a save means it already existed. */
export async function setBookmark(userId: string, productId: number, on: boolean, db: Database = getDb(), limits?: ToggleLimits): Promise<BookmarkResult> {
  const result = await toggle(db, "bookmark", userId, productId, on, limits);
  if (!result.ok) return result;
  if (result.changed) await invalidateCounts(productId, "bookmark");
  return { ok: true, changed: result.changed, bookmarked: on, bookmarks: result.count };
}
