/**
 * Payments behind one adapter (architecture: outside services with a local implementation).
 * With STRIPE_SECRET_KEY set, checkout is Stripe Checkout (official `stripe` package) and the
 * webhook's Stripe-Signature is verified with STRIPE_WEBHOOK_SECRET. Without it, the "test"
 * provider sends the buyer to the app's own, clearly labelled test-mode checkout page, which
 * completes or cancels the order through the same fulfilment code (decision 047).
 */
import crypto from "node:crypto";
import Stripe from "stripe";
import { env, type Env } from "~/lib/env.server";

export interface CheckoutRequest {
  orderId: number;
  productName: string;
  months: number;
  /** Price of one month in cents; the quantity is the number of months. */
  unitAmountCents: number;
  currency: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutStart {
  sessionId: string;
  /** Where the browser goes to pay (absolute for Stripe, an app path in test mode). */
  url: string;
}

export interface CheckoutSessionState {
  sessionId: string;
  orderId: number | null;
  paid: boolean;
  /** Stripe's session status: open, complete or expired (null when unknown). */
  status: "open" | "complete" | "expired" | null;
  paymentIntentId: string | null;
  /** amount_total in cents, and its currency, when the provider says. */
  amount: number | null;
  currency: string | null;
}

/**
 * One payment fact as the app keeps it (decision 071): a verified provider event, flattened to what
 * the order's state is derived from, with the whole event kept in `payload`.
 */
export interface PaymentEvent {
  id: string;
  type: string;
  kind: "checkout.completed" | "checkout.expired" | "refunded" | "disputed" | "ignored";
  /** The order the event names itself (client_reference_id, metadata.order_id), as received. */
  orderRef: string | null;
  sessionId: string | null;
  paymentIntentId: string | null;
  /** Checkout: payment_status is paid. */
  paid: boolean;
  /** Refund: the charge is refunded in full. */
  fullRefund: boolean;
  /** Cents. */
  amount: number | null;
  currency: string | null;
  /** Unix seconds, as the provider stamped it. */
  created: number | null;
  payload: unknown;
}

export class WebhookSignatureError extends Error {}
/** A signed body that is not an event the adapter can read. */
export class WebhookPayloadError extends Error {}

export interface Payments {
  /** "none": no Stripe and no test mode (a public server not set up for payments): checkout fails. */
  provider: "stripe" | "test" | "none";
  createCheckout(request: CheckoutRequest): Promise<CheckoutStart>;
  retrieveSession(sessionId: string): Promise<CheckoutSessionState>;
  /**
   * Asks the provider to expire an open checkout session, so it can no longer be paid. Answers the
   * session as it stands afterwards: `status: "expired"`, or, when it could not be expired because
   * the buyer already paid, the paid session. Throws when the provider cannot be reached.
   */
  expireSession(sessionId: string): Promise<CheckoutSessionState>;
  /** The event of a webhook whose signature verifies; throws WebhookSignatureError otherwise. */
  parseWebhook(rawBody: string, signature: string | null): PaymentEvent;
}

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

/** localhost, *.localhost, 127.0.0.0/8 and ::1: addresses only this machine can reach. */
function isLocalAppUrl(appUrl: string): boolean {
  let host: string;
  try {
    host = new URL(appUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  return host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "::1";
}

/** Whether the free test-mode checkout may run: never on a public server unless explicitly turned on. */
export function testModeAllowed(e: Pick<Env, "PAYMENTS_TEST_MODE" | "APP_URL">): boolean {
  if (e.PAYMENTS_TEST_MODE === "off") return false;
  return e.PAYMENTS_TEST_MODE === "on" || isLocalAppUrl(e.APP_URL);
}

function stripeClient(secretKey: string, apiUrl: string | undefined): Stripe {
  if (!apiUrl)
    return new Stripe(secretKey, { maxNetworkRetries: 1, timeout: 15_000 });
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    protocol,
    maxNetworkRetries: 0,
    timeout: 15_000,
  });
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);
const numberOr = (value: unknown): number | null => (typeof value === "number" && Number.isSafeInteger(value) ? value : null);
const textOr = (value: unknown): string | null => (typeof value === "string" ? value.slice(0, 255) : null);

function orderRefOf(session: Stripe.Checkout.Session): string | null {
  return textOr(session.client_reference_id ?? session.metadata?.order_id ?? null);
}

function sessionState(session: Stripe.Checkout.Session): CheckoutSessionState {
  const ref = orderRefOf(session);
  const status: string | null = session.status;
  return {
    sessionId: session.id,
    orderId: ref && /^\d{1,9}$/.test(ref) ? Number(ref) : null,
    paid: session.payment_status === "paid",
    status: status === "open" || status === "complete" || status === "expired" ? status : null,
    paymentIntentId: idOf(session.payment_intent),
    amount: numberOr(session.amount_total),
    currency: textOr(session.currency),
  };
}

export function stripePayments(settings: {
  secretKey: string;
  webhookSecret: string | null;
  apiUrl?: string;
}): Payments {
  const stripe = stripeClient(settings.secretKey, settings.apiUrl);
  return {
    provider: "stripe",
    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        line_items: [
          {
            quantity: request.months,
            price_data: {
              currency: request.currency,
              unit_amount: request.unitAmountCents,
              product_data: {
                name: `Spotlight promotion: ${request.productName} (per month)`,
              },
            },
          },
        ],
        client_reference_id: String(request.orderId),
        metadata: { order_id: String(request.orderId) },
        customer_email: request.customerEmail,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url)
        throw new Error("Stripe returned a checkout session without a URL");
      return { sessionId: session.id, url: session.url };
    },
    async retrieveSession(sessionId) {
      return sessionState(await stripe.checkout.sessions.retrieve(sessionId));
    },
    async expireSession(sessionId) {
      try {
        return sessionState(await stripe.checkout.sessions.expire(sessionId));
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open (paid, or expired already):
        // what it says about the session then decides the order.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const session = sessionState(await stripe.checkout.sessions.retrieve(sessionId));
        if (session.status === "open") throw error;
        return session;
      }
    },
    parseWebhook(rawBody, signature) {
      if (!settings.webhookSecret || !signature)
        throw new WebhookSignatureError("Webhook signature missing");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
        );
      } catch (error) {
        throw new WebhookSignatureError(
          error instanceof Error ? error.message : "Webhook signature invalid",
        );
      }
      if (
        typeof event.id !== "string" ||
        !/^[\w-]{1,255}$/.test(event.id) ||
        typeof event.type !== "string" ||
        typeof event.data?.object !== "object" ||
        !event.data.object
      ) {
        throw new WebhookPayloadError("The webhook body is not a Stripe event");
      }
      try {
        return eventOf(event);
      } catch {
        throw new WebhookPayloadError("The webhook event could not be read");
      }
    },
  };
}

/** The signed Stripe event as what the app keeps and acts on. */
function eventOf(event: Stripe.Event): PaymentEvent {
  const base: PaymentEvent = {
    id: event.id,
    type: event.type,
    kind: "ignored",
    orderRef: null,
    sessionId: null,
    paymentIntentId: null,
    paid: false,
    fullRefund: false,
    amount: null,
    currency: null,
    created: numberOr(event.created),
    payload: event,
  };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed": {
      const session = sessionState(event.data.object);
      const completed = event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded";
      return {
        ...base,
        kind: completed ? "checkout.completed" : "checkout.expired",
        orderRef: orderRefOf(event.data.object),
        sessionId: session.sessionId,
        paymentIntentId: session.paymentIntentId,
        paid: completed && session.paid,
        amount: session.amount,
        currency: session.currency,
      };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const intent = idOf(charge.payment_intent);
      return intent
        ? {
            ...base,
            kind: "refunded",
            paymentIntentId: intent,
            fullRefund: charge.refunded === true,
            amount: numberOr(charge.amount_refunded),
            currency: textOr(charge.currency),
          }
        : base;
    }
    case "charge.dispute.created": {
      const dispute = event.data.object;
      const intent = idOf(dispute.payment_intent);
      return intent
        ? { ...base, kind: "disputed", paymentIntentId: intent, amount: numberOr(dispute.amount), currency: textOr(dispute.currency) }
        : base;
    }
    default:
      return base;
  }
}

export function paymentsFromEnv(e: Env = env()): Payments {
  if (!e.STRIPE_SECRET_KEY) return testModeAllowed(e) ? testPayments() : unavailablePayments();
  return stripePayments({
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
    apiUrl: e.STRIPE_API_URL,
  });
}

let current: Payments | undefined;
/** The configured provider (tests may swap it with setPayments). */
export function payments(): Payments {
  current ??= paymentsFromEnv();
  return current;
}

export function setPayments(next: Payments | undefined): void {
  current = next;
}
