/**
 * The providers without an outside service: the test-mode checkout (the app's own, clearly
 * labelled page, decision 047) and "none" for a public server not set up for payments, with the
 * rule that says when test mode may run.
 */
import crypto from "node:crypto";
import type { Env } from "~/lib/env.server";
import { isLocalHost } from "~/lib/http/local-host";
import { WebhookSignatureError, type CheckoutSessionState, type Payments } from "./provider";

/** The local test-mode provider: no outside service, no webhooks. */
export function testPayments(): Payments {
  return {
    provider: "test",
    async createCheckout(request) {
      return {
        sessionId: `test_${request.orderId}_${crypto.randomBytes(8).toString("hex")}`,
        url: `/advertise/checkout/${request.orderId}`,
      };
    },
    async retrieveSession(sessionId) {
      return unknownSession(sessionId);
    },
    // The test-mode checkout page is ours: its session expires here, and its Pay button then refuses.
    async expireSession(sessionId) {
      return { ...unknownSession(sessionId), status: "expired" };
    },
    parseWebhook() {
      throw new WebhookSignatureError("Stripe is not configured");
    },
  };
}

function unknownSession(sessionId: string): CheckoutSessionState {
  return { sessionId, orderId: null, paid: false, status: null, paymentIntentId: null, amount: null, currency: null };
}

/** No provider: Stripe is not configured and the test-mode checkout is not allowed here. */
export function unavailablePayments(): Payments {
  return {
    provider: "none",
    async createCheckout() {
      throw new Error("No payment provider: set STRIPE_SECRET_KEY (the test-mode checkout runs only on a local APP_URL or with PAYMENTS_TEST_MODE=on)");
    },
    async retrieveSession(sessionId) {
      return unknownSession(sessionId);
    },
    async expireSession() {
      throw new Error("No payment provider");
    },
    parseWebhook() {
      throw new WebhookSignatureError("Stripe is not configured");
    },
  };
}

/** Whether the free test-mode checkout may run: never on a public server unless explicitly turned on. */
export function testModeAllowed(e: Pick<Env, "PAYMENTS_TEST_MODE" | "APP_URL">): boolean {
  if (e.PAYMENTS_TEST_MODE === "off") return false;
  return e.PAYMENTS_TEST_MODE === "on" || isLocalHost(e.APP_URL);
}
