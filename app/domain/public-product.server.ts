import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { products } from "~/db/schema";

/**
 * The one definition of "the public may see this product": live, and a product rather than a
 * suggestion (drafts, pending, rejected and deleted products are status values, so they are out
 * too). Literals rather than parameters, so the planner can match the partial indexes on the same
 * condition (app/db/schema.ts).
 */
function publicProductCondition(status: SQLWrapper, type: SQLWrapper): SQL {
  return sql`${status} = 'live' and ${type} = 'product'`;
}

/** For hand-written SQL that names the products table by an alias: `where ${publicProductAs("c")}`. */
export function publicProductAs(alias: string): SQL {
  return publicProductCondition(sql.raw(`${alias}.status`), sql.raw(`${alias}.type`));
}

/** For hand-written SQL over `products p`, the alias every card query uses. */
export const publicProductFilter = publicProductAs("p");

/** The same condition for Drizzle's query builder: `.from(products).where(isPublicProduct)`. */
export const isPublicProduct = publicProductCondition(products.status, products.type);
