/** Upvotes and saves (bookmarks): the reads, of live products only. */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { intArray } from "~/db/sql-arrays";
import type { ProductCard } from "~/domain/product-card";
import { productCardColumns, queryCards } from "~/domain/product-card.server";
import { publicProductFilter } from "~/domain/public-product.server";
import type { ViewerEngagement } from "./engagement";

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
