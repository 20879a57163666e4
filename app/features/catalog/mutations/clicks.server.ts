import { sql } from "drizzle-orm";
import { z } from "zod";
import { col, selectRows } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { publicProductFilter } from "~/domain/public-product.server";

/** Records a click-out on a live product; false when there is no such product. */
export async function recordClick(
  productId: number,
  meta: { referrer: string | null; userAgent: string | null; userId?: string | null; visitorHash?: string | null },
) {
  const rows = await selectRows(
    getDb(),
    z.object({ id: col.int }),
    sql`insert into product_clicks (product_id, referrer, user_agent, user_id, visitor_hash)
        select p.id, ${meta.referrer?.slice(0, 1000) ?? null}, ${meta.userAgent?.slice(0, 500) ?? null}, ${meta.userId ?? null},
               ${meta.visitorHash ?? null}
        from products p where p.id = ${productId} and ${publicProductFilter}
        returning id`,
  );
  return rows.length > 0;
}
