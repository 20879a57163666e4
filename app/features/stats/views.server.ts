import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import { queryRows } from "~/db/client.server";
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
  const rows = await queryRows<{ inserted: boolean | null; own: boolean }>(
    getDb(),
    sql`with product as (select p.id, ${userId === null ? sql`false` : managedByAs("p", userId)} as own
                       from products p where p.id = ${productId} and ${publicProductFilter}),
             added as (insert into product_views (product_id, day, visitor_hash)
                       select id, ${day}::date, ${hash} from product where not own
                       on conflict do nothing returning 1)
        select (select count(*) from added) > 0 as inserted, own from product`,
  );
  if (!rows.length) return "not-found";
  if (rows[0]!.own) return "own";
  return rows[0]!.inserted ? "recorded" : "repeat";
}
