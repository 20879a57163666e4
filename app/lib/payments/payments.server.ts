/**
 * Payments behind one adapter (architecture: outside services with a local implementation).
 * With STRIPE_SECRET_KEY set, checkout is Stripe Checkout (official `stripe` package) and the
 * webhook's Stripe-Signature is verified with STRIPE_WEBHOOK_SECRET. Without it, the "test"
 * provider sends the buyer to the app's own, clearly labelled test-mode checkout page, which
 * completes or cancels the order through the same fulfilment code (decision 047).
 */
import { env, type Env } from "~/lib/env.server";
import { replaceable } from "~/lib/replaceable";
import { testModeAllowed, testPayments, unavailablePayments } from "./local-providers.server";
import type { Payments } from "./provider";
import { stripePayments } from "./stripe.server";

export function paymentsFromEnv(e: Env = env()): Payments {
  if (!e.STRIPE_SECRET_KEY) return testModeAllowed(e) ? testPayments() : unavailablePayments();
  return stripePayments({
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
    apiUrl: e.STRIPE_API_URL,
  });
}

const provider = replaceable(() => paymentsFromEnv());
/** The configured provider (tests may swap it with setPayments). */
export const payments = (): Payments => provider.get();
export const setPayments = (next: Payments | undefined): void => provider.set(next);
