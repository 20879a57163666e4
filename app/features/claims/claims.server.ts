/**
 * Claims (decision 032): a signed-in user asks to be listed as a maker of a live product. The
 * claim is verified at once when the user's proven e-mail address is at the product's website
 * domain (see email-domain.ts for what never counts); otherwise it waits for an administrator.
 * A verified claim makes the user a maker in the same transaction.
 */
import { sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import { invalidate, productTag } from "~/db/cache-bus.server";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { provenEmailSql } from "~/domain/auth/dev-sign-in.server";
import { setFlash } from "~/domain/flash.server";
import { addVerifiedMaker } from "~/domain/products/relations.server";
import { publicProductFilter } from "~/domain/public-product.server";
import { consume } from "~/domain/rate-limit.server";
import { parseForm } from "~/lib/forms";
import { RATE_LIMIT_MESSAGE, type RateLimitRule } from "~/lib/http/rate-limit";
import { logger } from "~/lib/logger.server";
import { CLAIM_MESSAGES, claimSchema, type ClaimErrors, type ClaimPage, type ClaimProduct, type ClaimStatus } from "./claims";
import { emailMatchesWebsite } from "./email-domain";

/** Claims per user: enough for a maker of several products, too few to flood the review queue. */
export const CLAIM_RATE_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 3600 };

/**
 * A website domain shared by more live products than this is a platform (an app store, a
 * directory) rather than one company's site, even when it is not on the shared-hosts list.
 */
const MAX_PRODUCTS_PER_DOMAIN = 5;

const SLUG_MAX = 200;

const ProductRow = z.object({
  id: col.int,
  slug: col.text,
  product_name: col.text,
  tagline: col.text.nullable(),
  logo_url: col.text.nullable(),
  submitter_id: col.text.nullable(),
  website_domain: col.text.nullable(),
});
type ProductRow = z.output<typeof ProductRow>;

async function findPublicProduct(db: Pick<Database, "execute">, slug: string): Promise<ProductRow | undefined> {
  if (slug.length > SLUG_MAX) return undefined;
  return selectRow(
    db,
    ProductRow,
    sql`select p.id, p.slug, p.product_name, p.tagline, p.logo_url, p.submitter_id, p.website_domain
        from products p where p.slug = ${slug} and ${publicProductFilter}`,
  );
}

/** The submitter and verified makers are makers; otherwise the user's claim decides. */
async function claimStatus(db: Pick<Database, "execute">, product: ProductRow, userId: string): Promise<ClaimStatus> {
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

function publicPart({ id, slug, product_name, tagline, logo_url }: ProductRow): ClaimProduct {
  return { id, slug, product_name, tagline, logo_url };
}

/** What /claim-product?product={slug} shows the signed-in user. */
export async function loadClaimPage(slugParam: string | null, userId: string, db: Database = getDb()): Promise<{ page: ClaimPage; status: number }> {
  const slug = slugParam?.trim() ?? "";
  if (!slug) return { page: { kind: "message", message: CLAIM_MESSAGES.noProduct }, status: 200 };
  try {
    const product = await findPublicProduct(db, slug);
    if (!product) return { page: { kind: "message", message: CLAIM_MESSAGES.notFound }, status: 404 };
    return { page: { kind: "product", product: publicPart(product), status: await claimStatus(db, product, userId) }, status: 200 };
  } catch (error) {
    logger().error({ err: error, slug }, "claim page: product read failed");
    return { page: { kind: "message", message: CLAIM_MESSAGES.loadFailed }, status: 500 };
  }
}

type ClaimResult = { kind: "not-found" } | { kind: "maker" } | { kind: "rejected" } | { kind: "pending" } | { kind: "verified"; slug: string };

/**
 * Whether the user's address is proven (verified by Google, never by the development sign-in) and
 * at the product's own domain (not a platform's).
 */
async function verifiesByEmail(db: Pick<Database, "execute">, product: ProductRow, userId: string): Promise<boolean> {
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

function fail(errors: ClaimErrors, status: number) {
  return data({ errors }, { status });
}

/**
 * /claim-product's action for the signed-in user: the form checked, the claim rate-limited and
 * recorded. A verified claim answers the success message to a page with JavaScript (it moves on
 * after CLAIM_REDIRECT_MS) and, without JavaScript, redirects to the product with a flash.
 */
export async function submitClaim(form: FormData, userId: string, db: Database = getDb()) {
  const parsed = parseForm(claimSchema, form);
  if (!parsed.ok) return fail(parsed.errors, 400);
  const limited = await consume(`claims:user:${userId}`, CLAIM_RATE_LIMIT, db);
  if (!limited.ok) return data({ errors: { form: RATE_LIMIT_MESSAGE } satisfies ClaimErrors }, { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } });

  let result: ClaimResult;
  try {
    result = await claimProduct(parsed.data.product, userId, db);
  } catch (error) {
    logger().error({ err: error, slug: parsed.data.product }, "claim failed");
    return fail({ form: CLAIM_MESSAGES.claimFailed }, 500);
  }
  switch (result.kind) {
    case "not-found":
      return fail({ form: CLAIM_MESSAGES.notFound }, 404);
    case "maker":
      return fail({ form: CLAIM_MESSAGES.alreadyMaker }, 409);
    case "rejected":
      return fail({ form: CLAIM_MESSAGES.rejected }, 409);
    case "pending":
      return data({ outcome: "pending" as const, message: CLAIM_MESSAGES.pending });
    case "verified":
      // The product page's Creator changes for everyone: drop cached copies on every instance.
      await invalidate([productTag(result.slug)]);
      if (form.get("js") !== "1") {
        const flash = await setFlash({ kind: "success", message: CLAIM_MESSAGES.verified });
        return redirect(`/resources/${result.slug}`, { headers: { "Set-Cookie": flash } });
      }
      return data({ outcome: "verified" as const, slug: result.slug, message: CLAIM_MESSAGES.verified });
  }
}
