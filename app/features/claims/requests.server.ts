/** /claim-product's loader and action: the page for the signed-in user, and the claim form. */
import { data, redirect } from "react-router";
import { invalidate, productTag } from "~/db/cache-bus.server";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
import { setFlash } from "~/domain/flash.server";
import { consume } from "~/domain/rate-limit.server";
import { parseForm } from "~/lib/forms";
import { RATE_LIMIT_MESSAGE, type RateLimitRule } from "~/lib/http/rate-limit";
import { logger } from "~/lib/logger.server";
import { CLAIM_MESSAGES, claimSchema, type ClaimErrors, type ClaimPage } from "./claims";
import { claimProduct, type ClaimResult } from "./mutations.server";
import { claimStatus, findPublicProduct, publicPart } from "./queries.server";

/** Claims per user: enough for a maker of several products, too few to flood the review queue. */
export const CLAIM_RATE_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 3600 };

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
