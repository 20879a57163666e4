import { sql } from "drizzle-orm";
import { z } from "zod";
import { isbot } from "isbot";
import { col, selectRow } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { managedByAs } from "~/domain/product-access.server";
import { publicProductFilter } from "~/domain/public-product.server";
import { requestVisitorHash, utcDay } from "./visitor.server";

export type ViewResult = "recorded" | "repeat" | "bot" | "own" | "not-found";

/**
 * Counts a product page view once per visitor and day: one `product_views` row keyed by the
 * product, the UTC day and the visitor's daily hash. Bots are not counted, nor the product's own
 * makers (submitter or verified maker, signed in) looking at their listing: the stats say so.
 */
export async function recordView(productId: number, request: Request, userId: string | null, now = new Date()): Promise<ViewResult> {
  if (isbot(request.headers.get("user-agent"))) return "bot";
  const day = utcDay(now);
  const hash = requestVisitorHash(request, userId, day);
  const row = await selectRow(
    getDb(),
    z.object({ inserted: col.bool.nullable(), own: col.bool }),
    sql`with product as (select p.id, ${userId === null ? sql`false` : managedByAs("p", userId)} as own
                       from products p where p.id = ${productId} and ${publicProductFilter}),
             added as (insert into product_views (product_id, day, visitor_hash)
                       select id, ${day}::date, ${hash} from product where not own
                       on conflict do nothing returning 1)
        select (select count(*) from added) > 0 as inserted, own from product`,
  );
  if (!row) return "not-found";
  if (row.own) return "own";
  return row.inserted ? "recorded" : "repeat";
}
