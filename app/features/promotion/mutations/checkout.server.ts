/**
 * The buyer's side of an order (decision 047): checkout started at the server's price, the
 * test-mode Pay, the provider's session checked on return, and cancelling a pending order. Each
 * payment fact goes through `recordLocalFact`, so the order's status is derived in one place.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import type { SessionUser } from "~/domain/auth/session.server";
import { managedByAs } from "~/domain/product-access.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import type { CheckoutSessionState, Payments } from "~/lib/payments/provider";
import { orderStatus, type OrderRow } from "../queries.server";
import type { OrderStatus } from "../order-state";
import { recordLocalFact } from "./orders.server";
import { CURRENCY, INIT_FAILED, PRODUCT_REQUIRED, priceFor } from "../promotion";

export type StartCheckoutResult = { ok: true; orderId: number; url: string } | { ok: false; field: "productId" | "form"; message: string };

const localBase = { paymentIntentId: null, paid: false, fullRefund: false, amount: null, currency: null } as const;

/**
 * Writes a pending order for the user's own live product at the server's price, then asks the
 * provider for a checkout session. A provider failure cancels the order and answers INIT_FAILED.
 */
export async function startCheckout(
  db: Database,
  user: Pick<SessionUser, "id" | "email">,
  input: { productId: number; months: number },
  provider: Payments,
): Promise<StartCheckoutResult> {
  const price = priceFor(input.months);
  const created = await db.transaction(async (tx) => {
    const product = await selectRow(
      tx,
      z.object({ id: col.int, product_name: col.text }),
      sql`select p.id, p.product_name from products p
           where p.id = ${input.productId} and ${managedByAs("p", user.id)} and p.status = 'live' and p.type = 'product'`,
    );
    if (!product) return null;
    const order = await selectRow(
      tx,
      z.object({ id: col.int }),
      sql`insert into promotion_orders (product_id, buyer_id, buyer_email, months, unit_price, total, currency, provider)
          values (${product.id}, ${user.id}, ${user.email}, ${input.months}, ${price.perMonth}, ${price.total}, ${CURRENCY}, ${provider.provider})
          returning id`,
    );
    return { orderId: order!.id, productName: product.product_name };
  });
  if (!created) return { ok: false, field: "productId", message: PRODUCT_REQUIRED };
  const base = env().APP_URL;
  try {
    const session = await provider.createCheckout({
      orderId: created.orderId,
      productName: created.productName,
      months: input.months,
      unitAmountCents: price.perMonth * 100,
      currency: CURRENCY,
      customerEmail: user.email,
      successUrl: `${base}/advertise?payment=success&order=${created.orderId}`,
      cancelUrl: `${base}/advertise?payment=cancelled&order=${created.orderId}`,
    });
    await db.execute(
      sql`update promotion_orders set checkout_session_id = ${session.sessionId}, updated_at = now() where id = ${created.orderId}`,
    );
    return { ok: true, orderId: created.orderId, url: session.url };
  } catch (error) {
    logger().error({ err: error, orderId: created.orderId }, "checkout could not be started");
    await recordLocalFact(db, {
      ...localBase,
      id: `order:${created.orderId}:checkout-failed`,
      type: "checkout.start_failed",
      kind: "checkout.expired",
      orderId: created.orderId,
      sessionId: null,
    });
    return { ok: false, field: "form", message: INIT_FAILED };
  }
}

/** The test-mode checkout's Pay: our own provider's record that the order is paid in full. */
export async function payTestOrder(db: Database, order: Pick<OrderRow, "id" | "total" | "currency" | "checkout_session_id">): Promise<boolean> {
  const outcome = await recordLocalFact(db, {
    ...localBase,
    id: `test:${order.id}:paid`,
    type: "test.payment",
    kind: "checkout.completed",
    orderId: order.id,
    sessionId: order.checkout_session_id,
    paid: true,
    amount: order.total * 100,
    currency: order.currency,
  });
  return outcome === "processed";
}

/** The provider's checkout session as we saw it ourselves (on return, or answering our expire call). */
async function recordSessionSeen(db: Database, orderId: number, session: CheckoutSessionState): Promise<void> {
  if (session.paid) {
    await recordLocalFact(db, {
      ...localBase,
      id: `session:${session.sessionId}:paid`,
      type: "session.seen_paid",
      kind: "checkout.completed",
      orderId,
      sessionId: session.sessionId,
      paymentIntentId: session.paymentIntentId,
      paid: true,
      amount: session.amount,
      currency: session.currency,
      payload: session,
    });
  } else if (session.status === "expired") {
    await recordLocalFact(db, {
      ...localBase,
      id: `session:${session.sessionId}:expired`,
      type: "session.expired_by_us",
      kind: "checkout.expired",
      orderId,
      sessionId: session.sessionId,
      payload: session,
    });
  }
}

/**
 * Asks the provider about the buyer's pending Stripe order on return: a paid session fulfils it
 * (as the webhook would). The return URL itself proves nothing.
 */
export async function confirmOnReturn(db: Database, order: OrderRow, provider: Payments): Promise<void> {
  if (order.status !== "pending" || order.provider !== "stripe" || provider.provider !== "stripe" || !order.checkout_session_id) return;
  try {
    const session = await provider.retrieveSession(order.checkout_session_id);
    if (session.paid && session.sessionId === order.checkout_session_id) await recordSessionSeen(db, order.id, session);
  } catch (error) {
    logger().error({ err: error, orderId: order.id }, "checkout session could not be retrieved");
  }
}

export type CancelResult = { ok: true; status: OrderStatus } | { ok: false; message: string };
export const CANCEL_FAILED = "The order could not be cancelled just now. Please try again.";

/**
 * The buyer cancels their pending order: the provider expires its checkout session first, and the
 * order is cancelled only once the session is expired. A session Stripe will not expire because it
 * was paid pays the order instead.
 */
export async function cancelOwnOrder(db: Database, order: OrderRow, provider: Payments): Promise<CancelResult> {
  if (order.status !== "pending") return { ok: true, status: order.status };
  if (!order.checkout_session_id) {
    await recordLocalFact(db, { ...localBase, id: `order:${order.id}:no-session-cancelled`, type: "order.cancelled_before_checkout", kind: "checkout.expired", orderId: order.id, sessionId: null });
  } else {
    if (order.provider !== provider.provider) return { ok: false, message: CANCEL_FAILED };
    let session: CheckoutSessionState;
    try {
      session = await provider.expireSession(order.checkout_session_id);
    } catch (error) {
      logger().error({ err: error, orderId: order.id }, "checkout session could not be expired");
      return { ok: false, message: CANCEL_FAILED };
    }
    if (session.sessionId !== order.checkout_session_id || (!session.paid && session.status !== "expired")) return { ok: false, message: CANCEL_FAILED };
    await recordSessionSeen(db, order.id, session);
  }
  return { ok: true, status: (await orderStatus(db, order.id)) ?? order.status };
}
