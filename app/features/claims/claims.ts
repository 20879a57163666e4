/** The claim form's schema, messages and the shapes the page shows (client-safe). */
import * as z from "zod/mini";

/** The spec's error catalogue for claims, and the page's own outcomes. */
export const CLAIM_MESSAGES = {
  noProduct: "No product specified for claiming. Please go back and try again.",
  notFound: "Product not found. It may have been removed or is unavailable.",
  alreadyMaker: "You are already listed as a maker for this product.",
  loadFailed: "An error occurred while fetching product details. Please try again later.",
  claimFailed: "An error occurred while claiming the product. Please try again.",
  confirmMaker: "Please confirm that you are a maker of this product.",
  confirmAccurate: "Please confirm that the information you give is accurate.",
  verified: "Claim verified: you are now listed as a maker of this product.",
  pending: "Your claim is waiting for review. An administrator will check it and you will then be listed as a maker.",
  rejected: "Your claim for this product was reviewed and not approved.",
} as const;

/** A verified claimer reads the success message this long before the product page opens (spec: 2 s). */
export const CLAIM_REDIRECT_MS = 2000;

/**
 * The claim form: the product's slug and the two confirmations (checkboxes send "on" when
 * ticked and nothing otherwise). Checked in the browser and again by the action.
 */
export const claimSchema = z.object({
  product: z.string({ error: CLAIM_MESSAGES.noProduct }).check(z.trim(), z.minLength(1, CLAIM_MESSAGES.noProduct)),
  maker: z.literal("on", { error: CLAIM_MESSAGES.confirmMaker }),
  accurate: z.literal("on", { error: CLAIM_MESSAGES.confirmAccurate }),
});

export type ClaimErrors = Partial<Record<"product" | "maker" | "accurate" | "form", string>>;

/** Where the caller stands with a product: may claim, already a maker, or a claim under review / turned down. */
export type ClaimStatus = "open" | "maker" | "pending" | "rejected";

export interface ClaimProduct {
  id: number;
  slug: string;
  product_name: string;
  tagline: string | null;
  logo_url: string | null;
}

/** What /claim-product shows: a message instead of the form when there is nothing to claim. */
export type ClaimPage =
  | { kind: "message"; message: string }
  | { kind: "product"; product: ClaimProduct; status: ClaimStatus };

/** The action's answer to the page (a no-JS verified claim is a redirect with a flash instead). */
export type ClaimActionData =
  | { outcome: "verified"; slug: string; message: string }
  | { outcome: "pending"; message: string }
  | { errors: ClaimErrors };
