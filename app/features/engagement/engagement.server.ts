/**
 * Upvotes and saves (bookmarks). The user always comes from the session; the counts the public
 * sees live in product_stats and are kept by the database's triggers (0002_counters.sql) in the
 * same transaction as the row written here, so no toggle can be lost or counted twice.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { invalidateProductById } from "~/db/cache-bus.server";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { intArray, textArray } from "~/db/sql-arrays";
import type { ProductCard } from "~/domain/product-card";
import { productCardColumns, queryCards } from "~/domain/product-card.server";
import { publicProductFilter } from "~/domain/public-product.server";
import type { RateLimitResult } from "~/lib/http/rate-limit";
import type { ViewerEngagement } from "./engagement";

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

/** What the user did to each of these live products, with the current counts. Unknown ids are left out. */
export async function viewerEngagement(userId: string, productIds: readonly number[], db: Database = getDb()): Promise<ViewerEngagement[]> {
  if (productIds.length === 0) return [];
  return selectRows(
    db,
    z.object({ id: col.int, upvotes: col.int, bookmarks: col.int, upvoted: col.bool, bookmarked: col.bool }) satisfies z.ZodType<ViewerEngagement>,
    sql`select p.id, s.upvotes, s.bookmarks,
          exists (select 1 from product_upvotes u where u.product_id = p.id and u.user_id = ${userId}) as upvoted,
          exists (select 1 from bookmarks b where b.product_id = p.id and b.user_id = ${userId}) as bookmarked
        from products p join product_stats s on s.product_id = p.id
        where p.id = any(${intArray(productIds)}) and ${publicProductFilter}`,
  );
}

/** The signed-in viewer's state of one product for its page's loader; null for anonymous visitors. */
export async function viewerState(viewerId: string | null, productId: number): Promise<ViewerEngagement | null> {
  if (!viewerId) return null;
  const [state] = await viewerEngagement(viewerId, [productId]);
  return state ?? null;
}

export interface SavedProduct extends ProductCard {
  saved_at: string;
}

/** The user's saved live products, most recently saved first (the profile's Saved tab). */
export async function savedProducts(userId: string, limit = 200, db: Database = getDb()): Promise<SavedProduct[]> {
  const rows = await selectRows(
    db,
    z.object({ id: col.int, saved_at: col.date }),
    sql`select b.product_id as id, b.created_at as saved_at from bookmarks b
        join products p on p.id = b.product_id
        where b.user_id = ${userId} and ${publicProductFilter}
        order by b.created_at desc, b.id desc limit ${limit}`,
  );
  if (rows.length === 0) return [];
  const cards = await queryCards(
    db,
    sql`select ${productCardColumns} from products p join product_stats s on s.product_id = p.id
        where p.id = any(${intArray(rows.map((r) => r.id))})`,
  );
  const byId = new Map(cards.map((c) => [c.id, c]));
  return rows.flatMap((r) => {
    const card = byId.get(r.id);
    return card ? [{ ...card, saved_at: r.saved_at.toISOString() }] : [];
  });
}
