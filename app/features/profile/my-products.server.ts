import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import type { OwnProduct } from "./types";

/** The products this user submitted (any status but deleted), newest first. */
export function listOwnProducts(db: Database, userId: string, limit = 100): Promise<OwnProduct[]> {
  return queryRows<OwnProduct>(
    db,
    sql`select id, product_name, slug, status, logo_url, created_at::text
          from products
         where submitter_id = ${userId} and status <> 'deleted' and type = 'product'
         order by created_at desc, id desc
         limit ${limit}`,
  );
}
