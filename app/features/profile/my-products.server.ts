import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import { managedByAs } from "~/domain/product-access.server";
import type { OwnProduct } from "./types";

const OwnProductRow = z.object({
  id: col.int,
  product_name: col.text,
  slug: col.text,
  status: col.text,
  type: col.text,
  logo_url: col.text.nullable(),
  created_at: col.text,
}) satisfies z.ZodType<OwnProduct>;

/**
 * The profile's My Products tab: the same products and suggestions as /my-products' All Products
 * (issue 36: the two disagreed), i.e. those the user submitted or is a verified maker of, any
 * status but deleted, newest first.
 */
export function listOwnProducts(db: Database, userId: string, limit = 100): Promise<OwnProduct[]> {
  return selectRows(
    db,
    OwnProductRow,
    sql`select p.id, p.product_name, p.slug, p.status, p.type, p.logo_url, p.created_at::text
          from products p
         where ${managedByAs("p", userId)} and p.status <> 'deleted'
         order by p.created_at desc, p.id desc
         limit ${limit}`,
  );
}
