/** Claims' reads: the live product claimed, the user's standing with it, and whether their address proves it. */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { provenEmailSql } from "~/domain/auth/dev-sign-in.server";
import { publicProductFilter } from "~/domain/public-product.server";
import type { ClaimProduct, ClaimStatus } from "./claims";
import { emailMatchesWebsite } from "./email-domain";

/**
 * A website domain shared by more live products than this is a platform (an app store, a
 * directory) rather than one company's site, even when it is not on the shared-hosts list.
 */
const MAX_PRODUCTS_PER_DOMAIN = 5;

const SLUG_MAX = 200;

export const ProductRow = z.object({
  id: col.int,
  slug: col.text,
  product_name: col.text,
  tagline: col.text.nullable(),
  logo_url: col.text.nullable(),
  submitter_id: col.text.nullable(),
  website_domain: col.text.nullable(),
});
export type ProductRow = z.output<typeof ProductRow>;

export async function findPublicProduct(db: Pick<Database, "execute">, slug: string): Promise<ProductRow | undefined> {
  if (slug.length > SLUG_MAX) return undefined;
  return selectRow(
    db,
    ProductRow,
    sql`select p.id, p.slug, p.product_name, p.tagline, p.logo_url, p.submitter_id, p.website_domain
        from products p where p.slug = ${slug} and ${publicProductFilter}`,
  );
}

/** The submitter and verified makers are makers; otherwise the user's claim decides. */
export async function claimStatus(db: Pick<Database, "execute">, product: ProductRow, userId: string): Promise<ClaimStatus> {
  if (product.submitter_id === userId) return "maker";
  const row = await selectRow(
    db,
    z.object({ maker: col.bool, claim: col.text.nullable() }),
    sql`select exists (select 1 from product_makers where product_id = ${product.id} and profile_id = ${userId} and status = 'verified') as maker,
               (select status from product_claims where product_id = ${product.id} and user_id = ${userId}) as claim`,
  );
  if (row?.maker) return "maker";
  return row?.claim === "pending" || row?.claim === "rejected" ? row.claim : "open";
}

export function publicPart({ id, slug, product_name, tagline, logo_url }: ProductRow): ClaimProduct {
  return { id, slug, product_name, tagline, logo_url };
}

/**
 * Whether the user's address is proven (verified by Google, never by the development sign-in) and
 * at the product's own domain (not a platform's).
 */
export async function verifiesByEmail(db: Pick<Database, "execute">, product: ProductRow, userId: string): Promise<boolean> {
  const owner = await selectRow(
    db,
    z.object({ email: col.text, proven: col.bool }),
    sql`select email, ${provenEmailSql(sql`${userId}`)} as proven from "user" where id = ${userId}`,
  );
  if (!owner?.proven || !emailMatchesWebsite(owner.email, product.website_domain)) return false;
  const shared = await selectRow(
    db,
    z.object({ n: col.int }),
    sql`select count(*)::int as n from products p where p.website_domain = ${product.website_domain} and ${publicProductFilter}`,
  );
  return (shared?.n ?? 0) <= MAX_PRODUCTS_PER_DOMAIN;
}

