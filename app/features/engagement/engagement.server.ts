/**
 * Upvotes and saves (bookmarks). The user always comes from the session; the counts the public
 * sees live in product_stats and are kept by the database's triggers (0002_counters.sql) in the
 * same transaction as the row written here, so no toggle can be lost or counted twice.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
import { intArray } from "~/db/sql-arrays";
import type { ProductCard } from "~/features/catalog/product-card";
import { productCardColumns, publicProductFilter, queryCards } from "~/features/catalog/product-card.server";
import { getOptionalUser } from "~/features/auth/session.server";
import type { ViewerEngagement } from "./engagement";

export type ToggleResult<K extends "upvoted" | "bookmarked", C extends "upvotes" | "bookmarks"> =
  | ({ ok: true; changed: boolean } & Record<K, boolean> & Record<C, number>)
  | { ok: false; reason: "not_found" };

export type UpvoteResult = ToggleResult<"upvoted", "upvotes">;
export type BookmarkResult = ToggleResult<"bookmarked", "bookmarks">;

class ProductMissing extends Error {}

/**
 * One toggle in one transaction: the row is written (or removed) idempotently, then the count is
 * read from product_stats, which the trigger has already updated under its row lock, so the
 * answer is exactly the count after this change. Products that are not live are refused whole.
 */
async function toggle(
  db: Database,
  table: "product_upvotes" | "bookmarks",
  column: "upvotes" | "bookmarks",
  userId: string,
  productId: number,
  on: boolean,
): Promise<{ ok: true; changed: boolean; count: number } | { ok: false; reason: "not_found" }> {
  try {
    return await db.transaction(async (tx) => {
      // The row and its count commit together or not at all; not waiting for the disk flush keeps
      // the hot stats row's lock short (a crash may lose the last fraction of a second of toggles,
      // never make a count disagree with its rows).
      await tx.execute(sql`set local synchronous_commit = off`);
      const written = on
        ? await queryRows<{ id: number }>(
            tx,
            sql`insert into ${sql.identifier(table)} (product_id, user_id)
                select p.id, ${userId} from products p where p.id = ${productId} and ${publicProductFilter}
                on conflict do nothing returning id`,
          )
        : await queryRows<{ id: number }>(
            tx,
            sql`delete from ${sql.identifier(table)} where product_id = ${productId} and user_id = ${userId} returning id`,
          );
      const [stats] = await queryRows<{ count: number }>(
        tx,
        sql`select s.${sql.identifier(column)} as count from products p join product_stats s on s.product_id = p.id
            where p.id = ${productId} and ${publicProductFilter}`,
      );
      // Rolls back a removal from a product that is no longer live.
      if (!stats) throw new ProductMissing();
      return { ok: true as const, changed: written.length > 0, count: Number(stats.count) };
    });
  } catch (error) {
    if (error instanceof ProductMissing) return { ok: false, reason: "not_found" };
    throw error;
  }
}

/** Upvotes (on) or withdraws the upvote (off); idempotent. */
export async function setUpvote(userId: string, productId: number, on: boolean, db: Database = getDb()): Promise<UpvoteResult> {
  const result = await toggle(db, "product_upvotes", "upvotes", userId, productId, on);
  if (!result.ok) return result;
  return { ok: true, changed: result.changed, upvoted: on, upvotes: result.count };
}

/** Saves (on) or removes the save (off); idempotent. `changed: false` on a save means it already existed. */
export async function setBookmark(userId: string, productId: number, on: boolean, db: Database = getDb()): Promise<BookmarkResult> {
  const result = await toggle(db, "bookmarks", "bookmarks", userId, productId, on);
  if (!result.ok) return result;
  return { ok: true, changed: result.changed, bookmarked: on, bookmarks: result.count };
}

/** What the user did to each of these live products, with the current counts. Unknown ids are left out. */
export async function viewerEngagement(userId: string, productIds: readonly number[], db: Database = getDb()): Promise<ViewerEngagement[]> {
  if (productIds.length === 0) return [];
  const rows = await queryRows<ViewerEngagement>(
    db,
    sql`select p.id, s.upvotes, s.bookmarks,
          exists (select 1 from product_upvotes u where u.product_id = p.id and u.user_id = ${userId}) as upvoted,
          exists (select 1 from bookmarks b where b.product_id = p.id and b.user_id = ${userId}) as bookmarked
        from products p join product_stats s on s.product_id = p.id
        where p.id = any(${intArray(productIds)}) and ${publicProductFilter}`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), upvotes: Number(r.upvotes), bookmarks: Number(r.bookmarks) }));
}

/** The signed-in viewer's state of one product for its page's loader; null for anonymous visitors. */
export async function viewerStateForRequest(request: Request, productId: number): Promise<ViewerEngagement | null> {
  const user = await getOptionalUser(request);
  if (!user) return null;
  const [state] = await viewerEngagement(user.id, [productId]);
  return state ?? null;
}

export interface SavedProduct extends ProductCard {
  saved_at: string;
}

/** The user's saved live products, most recently saved first (the profile's Saved tab). */
export async function savedProducts(userId: string, limit = 200, db: Database = getDb()): Promise<SavedProduct[]> {
  const rows = await queryRows<{ id: number; saved_at: Date | string }>(
    db,
    sql`select b.product_id as id, b.created_at as saved_at from bookmarks b
        join products p on p.id = b.product_id
        where b.user_id = ${userId} and ${publicProductFilter}
        order by b.created_at desc, b.id desc limit ${limit}`,
  );
  if (rows.length === 0) return [];
  const cards = await queryCards(
    db,
    sql`select ${productCardColumns} from products p join product_stats s on s.product_id = p.id
        where p.id = any(${intArray(rows.map((r) => Number(r.id)))})`,
  );
  const byId = new Map(cards.map((c) => [c.id, c]));
  return rows.flatMap((r) => {
    const card = byId.get(Number(r.id));
    return card ? [{ ...card, saved_at: new Date(r.saved_at).toISOString() }] : [];
  });
}
