/**
 * What the app asks of a payment provider, and what it answers (decision 047): a checkout session,
 * its state, and a webhook's event flattened to a payment fact (decision 071). The Stripe adapter is
 * `stripe.server.ts`, the local ones `local-providers.server.ts`; `payments.server.ts` picks one.
 */
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
