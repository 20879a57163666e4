/**
 * The Stripe adapter: Stripe Checkout through the official `stripe` package, and webhooks whose
 * Stripe-Signature verifies with STRIPE_WEBHOOK_SECRET, read as payment facts (decision 071).
 */
import Stripe from "stripe";
import { WebhookPayloadError, WebhookSignatureError, type CheckoutSessionState, type PaymentEvent, type Payments } from "./provider";

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
