/**
 * Claims (decision 032): a signed-in user asks to be listed as a maker of a live product. The
 * claim is verified at once when the user's proven e-mail address is at the product's website
 * domain (see email-domain.ts for what never counts); otherwise it waits for an administrator.
 * A verified claim makes the user a maker in the same transaction.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { addVerifiedMaker } from "~/domain/products/relations.server";
import { claimStatus, findPublicProduct, verifiesByEmail } from "./queries.server";

export type ClaimResult = { kind: "not-found" } | { kind: "maker" } | { kind: "rejected" } | { kind: "pending" } | { kind: "verified"; slug: string };

/**
 * Records the user's claim on the product (one per user and product: a second claim changes
 * nothing, except that a pending one is verified once the address proves it). A rejected claim
 * stays rejected: the administrator's decision is not overturned by asking again.
 */
export async function claimProduct(slug: string, userId: string, db: Database = getDb()): Promise<ClaimResult> {
  return db.transaction(async (tx) => {
    const product = await findPublicProduct(tx, slug);
    if (!product) return { kind: "not-found" };
    const status = await claimStatus(tx, product, userId);
    if (status === "maker" || status === "rejected") return { kind: status };
    const verified = await verifiesByEmail(tx, product, userId);
    const claim = await selectRow(
      tx,
      z.object({ status: col.text }),
      verified
        ? sql`insert into product_claims (product_id, user_id, status, verified_by, decided_at)
              values (${product.id}, ${userId}, 'verified', 'email_domain', now())
              on conflict (product_id, user_id) do update set status = 'verified', verified_by = 'email_domain', decided_at = now()
                where product_claims.status <> 'rejected'
              returning status`
        : sql`insert into product_claims (product_id, user_id) values (${product.id}, ${userId})
              on conflict (product_id, user_id) do update set status = product_claims.status
              returning status`,
    );
    // No row back: an administrator rejected the claim meanwhile.
    if (!claim || claim.status === "rejected") return { kind: "rejected" };
    if (claim.status === "pending") return { kind: "pending" };
    await addVerifiedMaker(tx, product.id, userId);
    return { kind: "verified", slug: product.slug };
  });
}

