/**
 * Promotion orders (decisions 047 and 071). An order is written before checkout with the server's
 * price. Its status is derived from all of its payment events (verified webhooks, and our own facts:
 * the test-mode Pay, a session seen paid on return, a session we expired) whatever order they came
 * in, in `deriveOrder`; `syncPlacement` keeps the product's placement equal to its paid orders'.
 * The public lists read the dates at request time, so nothing stays advertised after its end.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { invalidate, productTag } from "~/db/cache-bus.server";
import type { SessionUser } from "~/domain/auth/session.server";
import { managedByAs } from "~/domain/product-access.server";
import { writePlacement } from "~/domain/products/edits.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { queueMail } from "~/lib/mail/mail.server";
import type { CheckoutSessionState, Payments, PaymentEvent } from "~/lib/payments/payments.server";
import { CURRENCY, INIT_FAILED, PRODUCT_REQUIRED, endDate, formatMoney, priceFor } from "./pricing";

type Tx = Pick<Database, "execute">;

export interface PromotableProduct {
  id: number;
  product_name: string;
  slug: string;
  ad_end_date: string | null;
}

/** The user's own live products (not suggestions), newest first: what they may promote. */
export function listPromotableProducts(db: Tx, userId: string): Promise<PromotableProduct[]> {
  return queryRows<PromotableProduct>(
    db,
    sql`select p.id, p.product_name, p.slug,
               case when p.is_advertised and p.ad_end_date > now() then to_json(p.ad_end_date) #>> '{}' end as ad_end_date
          from products p
         where ${managedByAs("p", userId)} and p.status = 'live' and p.type = 'product'
         order by p.created_at desc, p.id desc limit 200`,
  );
}

export interface OrderRow {
  id: number;
  product_id: number;
  product_name: string;
  slug: string;
  buyer_id: string | null;
  buyer_email: string;
  months: number;
  unit_price: number;
  total: number;
  currency: string;
  status: "pending" | "paid" | "cancelled" | "refunded" | "disputed";
  provider: "stripe" | "test" | "none";
  checkout_session_id: string | null;
  ad_start_date: string | null;
  ad_end_date: string | null;
  paid_at: string | null;
  created_at: string;
  attention: string[];
}

const ORDER_COLUMNS = sql`o.id, o.product_id, p.product_name, p.slug, o.buyer_id, o.buyer_email, o.months, o.unit_price, o.total,
  o.currency, o.status, o.provider, o.checkout_session_id, to_json(o.ad_start_date) #>> '{}' as ad_start_date,
  to_json(o.ad_end_date) #>> '{}' as ad_end_date, to_json(o.paid_at) #>> '{}' as paid_at, to_json(o.created_at) #>> '{}' as created_at, o.attention`;

/** The buyer's own order, or null (another user's order is "not found"). */
export async function findOwnOrder(db: Tx, userId: string, orderId: number): Promise<OrderRow | null> {
  const [row] = await queryRows<OrderRow>(
    db,
    sql`select ${ORDER_COLUMNS} from promotion_orders o join products p on p.id = o.product_id
         where o.id = ${orderId} and o.buyer_id = ${userId}`,
  );
  return row ?? null;
}

export type StartCheckoutResult = { ok: true; orderId: number; url: string } | { ok: false; field: "productId" | "form"; message: string };

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
    const [product] = await queryRows<{ id: number; product_name: string }>(
      tx,
      sql`select p.id, p.product_name from products p
           where p.id = ${input.productId} and ${managedByAs("p", user.id)} and p.status = 'live' and p.type = 'product'`,
    );
    if (!product) return null;
    const [order] = await queryRows<{ id: number }>(
      tx,
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

/** What to do once the transaction that changed an order has committed. */
export interface AfterCommit {
  slugs: string[];
  receipt?: { to: string; productName: string; months: number; total: number; start: string; end: string };
}

/** A payment fact of our own (not a provider's event): it concerns the order we name. */
export type LocalFact = Omit<PaymentEvent, "payload" | "created" | "orderRef"> & { orderId: number; payload?: unknown };

export type RecordOutcome = "processed" | "duplicate";

/** All payment writes queue on one lock: an event and the order it concerns are read and written by one transaction at a time. */
const PAYMENTS_LOCK = sql`select pg_advisory_xact_lock(hashtext('toolnest:payments'))`;

/** The order a provider's event concerns: by checkout session, by the order id it names, by payment intent. */
async function orderOfEvent(tx: Tx, event: PaymentEvent): Promise<number | null> {
  if (event.sessionId) {
    const [bySession] = await queryRows<{ id: number }>(tx, sql`select id from promotion_orders where checkout_session_id = ${event.sessionId}`);
    if (bySession) return bySession.id;
    // The session id was never saved (Stripe's answer lost): the order it names, if that order has no other session.
    if (event.orderRef && /^\d{1,9}$/.test(event.orderRef)) {
      const [byRef] = await queryRows<{ id: number }>(
        tx,
        sql`select id from promotion_orders where id = ${Number(event.orderRef)} and checkout_session_id is null and provider = 'stripe'`,
      );
      if (byRef) return byRef.id;
    }
    return null;
  }
  if (event.paymentIntentId) {
    const [byIntent] = await queryRows<{ id: number }>(
      tx,
      sql`select id from promotion_orders where payment_intent_id = ${event.paymentIntentId}
          union all select order_id from payment_events where payment_intent_id = ${event.paymentIntentId} and order_id is not null
          limit 1`,
    );
    if (byIntent) return byIntent.id;
  }
  return null;
}

async function insertFact(
  tx: Tx,
  fact: Omit<PaymentEvent, "payload"> & { payload: unknown; source: "stripe" | "local"; orderId: number | null },
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into payment_events (id, type, source, kind, order_id, order_ref, session_id, payment_intent_id, paid, full_refund, amount, currency, event_created_at, payload)
        values (${fact.id}, ${fact.type}, ${fact.source}, ${fact.kind}, ${fact.orderId}, ${fact.orderRef}, ${fact.sessionId}, ${fact.paymentIntentId},
                ${fact.paid}, ${fact.fullRefund}, ${fact.amount}, ${fact.currency},
                ${fact.created === null ? null : new Date(fact.created * 1000).toISOString()}::timestamptz, ${JSON.stringify(fact.payload ?? null)}::jsonb)
        on conflict (id) do nothing returning id`,
  );
  return rows.length > 0;
}

/**
 * One verified provider event: kept whole, at most once by event id (an unknown order's too), and
 * its order's state derived again from all of its events, in the same transaction.
 */
export async function handlePaymentEvent(db: Database, event: PaymentEvent, now = new Date()): Promise<RecordOutcome> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(PAYMENTS_LOCK);
    const orderId = await orderOfEvent(tx, event);
    if (!(await insertFact(tx, { ...event, source: "stripe", orderId }))) return { outcome: "duplicate" as const, effects: null };
    return { outcome: "processed" as const, effects: orderId === null ? null : await deriveOrder(tx, orderId, now) };
  });
  await afterCommit(result.effects);
  return result.outcome;
}

/** A fact of our own (a test-mode payment, a session seen paid on return, a session we expired), once by id. */
export async function recordLocalFact(db: Database, fact: LocalFact, now = new Date()): Promise<RecordOutcome> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(PAYMENTS_LOCK);
    const fresh = await insertFact(tx, { ...fact, payload: fact.payload ?? null, orderRef: String(fact.orderId), created: null, source: "local" });
    if (!fresh) return { outcome: "duplicate" as const, effects: null };
    return { outcome: "processed" as const, effects: await deriveOrder(tx, fact.orderId, now) };
  });
  await afterCommit(result.effects);
  return result.outcome;
}

export type OrderStatus = OrderRow["status"];

export interface EventFacts {
  kind: string;
  paid: boolean;
  full_refund: boolean;
  amount: number | null;
  currency: string | null;
}

/**
 * An order's state from all of its events, whatever order they came in (decision 071): a dispute
 * or a full refund ends it, else a paid checkout pays it, else an expired session cancels it.
 * A payment after an expiry still pays it (Stripe took the money) and asks an admin to look.
 */
export function deriveState(order: { total: number; currency: string }, events: EventFacts[]): { status: OrderStatus; attention: string[] } {
  const paid = events.filter((e) => e.kind === "checkout.completed" && e.paid);
  const expired = events.some((e) => e.kind === "checkout.expired");
  const disputed = events.some((e) => e.kind === "disputed");
  const refunds = events.filter((e) => e.kind === "refunded");
  const fullRefund = refunds.some((e) => e.full_refund);
  const status: OrderStatus = disputed ? "disputed" : fullRefund ? "refunded" : paid.length ? "paid" : expired ? "cancelled" : "pending";
  const attention: string[] = [];
  if (paid.length && expired) attention.push("paid after cancel");
  if (paid.some((e) => (e.amount !== null && e.amount !== order.total * 100) || (e.currency !== null && e.currency.toLowerCase() !== order.currency))) {
    attention.push("amount mismatch");
  }
  if (refunds.length && !fullRefund) attention.push("partial refund");
  if ((disputed || refunds.length) && !paid.length) attention.push("refund or dispute without a payment");
  return { status, attention };
}

/**
 * Derives an order's status from its events and keeps the product's placement equal to what its
 * paid orders imply. The order row is locked; the caller holds the payments lock.
 */
async function deriveOrder(tx: Tx, orderId: number, now: Date): Promise<AfterCommit | null> {
  const [order] = await queryRows<{
    id: number; product_id: number; months: number; total: number; currency: string; buyer_email: string; status: OrderStatus;
    payment_intent_id: string | null; ad_start_date: string | null; paid_at: string | null;
  }>(
    tx,
    sql`select id, product_id, months, total, currency, buyer_email, status, payment_intent_id,
               to_json(ad_start_date) #>> '{}' as ad_start_date, to_json(paid_at) #>> '{}' as paid_at
          from promotion_orders where id = ${orderId} for update`,
  );
  if (!order) return null;
  const eventsOf = () =>
    queryRows<EventFacts & { payment_intent_id: string | null }>(
      tx,
      sql`select kind, paid, full_refund, amount, currency, payment_intent_id from payment_events where order_id = ${orderId} order by created_at, id`,
    );
  let events = await eventsOf();
  // The payment intent, once a paid checkout names it, links the refunds and disputes that came first.
  const intent = order.payment_intent_id ?? events.find((e) => e.kind === "checkout.completed" && e.paid && e.payment_intent_id)?.payment_intent_id ?? null;
  if (intent) {
    const adopted = await queryRows<{ id: string }>(
      tx,
      sql`update payment_events set order_id = ${orderId} where order_id is null and payment_intent_id = ${intent} returning id`,
    );
    if (adopted.length) events = await eventsOf();
  }
  const { status, attention } = deriveState(order, events);
  let window: { start: Date; end: Date } | null = null;
  if (status === "paid" && !order.ad_start_date) {
    // A new placement runs from now, or from the end of the product's other paid placements.
    const [running] = await queryRows<{ end: string | null }>(
      tx,
      sql`select to_json(max(ad_end_date)) #>> '{}' as end from promotion_orders
           where product_id = ${order.product_id} and status = 'paid' and id <> ${orderId} and ad_end_date > ${now.toISOString()}::timestamptz`,
    );
    const start = running?.end ? new Date(running.end) : now;
    window = { start, end: endDate(start, order.months) };
  }
  await tx.execute(
    sql`update promotion_orders set status = ${status}, attention = array[${sql.join(attention.map((a) => sql`${a}::text`), sql`, `)}]::text[],
               payment_intent_id = coalesce(payment_intent_id, ${intent}),
               paid_at = case when ${status === "paid"}::boolean then coalesce(paid_at, ${now.toISOString()}::timestamptz) else paid_at end,
               ad_start_date = coalesce(ad_start_date, ${window?.start.toISOString() ?? null}::timestamptz),
               ad_end_date = coalesce(ad_end_date, ${window?.end.toISOString() ?? null}::timestamptz),
               updated_at = now()
         where id = ${orderId}`,
  );
  if ((order.status === "paid") === (status === "paid")) return null;
  const slug = await syncPlacement(tx, order.product_id, now);
  const effects: AfterCommit = { slugs: slug ? [slug] : [] };
  if (window && !order.paid_at && slug) {
    const [product] = await queryRows<{ product_name: string }>(tx, sql`select product_name from products where id = ${order.product_id}`);
    effects.receipt = {
      to: order.buyer_email, productName: product?.product_name ?? "", months: order.months, total: order.total,
      start: window.start.toISOString(), end: window.end.toISOString(),
    };
  }
  return effects;
}

/**
 * The one place a product's placement is computed from its orders: the paid orders' windows,
 * merged where they touch; the product shows the last run (start of that run to its end). Without
 * a paid order, a running placement ends now.
 */
export async function syncPlacement(tx: Tx, productId: number, now = new Date()): Promise<string | null> {
  const windows = await queryRows<{ start: string; end: string }>(
    tx,
    sql`select to_json(ad_start_date) #>> '{}' as start, to_json(ad_end_date) #>> '{}' as end from promotion_orders
         where product_id = ${productId} and status = 'paid' and ad_start_date is not null and ad_end_date is not null
         order by ad_start_date, ad_end_date`,
  );
  const run = placementOf(windows.map((w) => ({ start: new Date(w.start), end: new Date(w.end) })));
  return writePlacement(tx, productId, run, now);
}

/** The last run of windows that touch or overlap (null without windows). */
export function placementOf(windows: { start: Date; end: Date }[]): { start: Date; end: Date } | null {
  const sorted = [...windows].sort((a, b) => a.start.getTime() - b.start.getTime());
  const runs: { start: Date; end: Date }[] = [];
  for (const w of sorted) {
    const last = runs.at(-1);
    if (last && w.start.getTime() <= last.end.getTime()) {
      if (w.end.getTime() > last.end.getTime()) last.end = w.end;
    } else runs.push({ start: w.start, end: w.end });
  }
  return runs.at(-1) ?? null;
}

/** After commit: refresh the public lists and send the receipt (a mail failure is only logged). */
export async function afterCommit(effects: AfterCommit | null): Promise<void> {
  if (!effects) return;
  if (effects.slugs.length) await invalidate(["lists", ...effects.slugs.map(productTag)]);
  const receipt = effects.receipt;
  if (receipt) {
    const day = (iso: string) => iso.slice(0, 10);
    queueMail({
      to: receipt.to,
      subject: `${env().SITE_NAME} receipt: Spotlight promotion for ${receipt.productName}`,
      text: [
        `Thank you for your payment.`,
        ``,
        `Product: ${receipt.productName}`,
        `Duration: ${receipt.months} month${receipt.months === 1 ? "" : "s"}`,
        `Total paid: ${formatMoney(receipt.total)}`,
        `Promotion runs from ${day(receipt.start)} to ${day(receipt.end)}.`,
        ``,
        `${env().APP_URL}/my-products`,
      ].join("\n"),
    });
  }
}

const localBase = { paymentIntentId: null, paid: false, fullRefund: false, amount: null, currency: null } as const;

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
  const [row] = await queryRows<{ status: OrderStatus }>(db, sql`select status from promotion_orders where id = ${order.id}`);
  return { ok: true, status: row?.status ?? order.status };
}

export interface OrderEvent {
  id: string;
  order_id: number | null;
  type: string;
  source: string;
  kind: string;
  payment_intent_id: string | null;
  amount: number | null;
  currency: string | null;
  received_at: string;
}

const EVENT_COLUMNS = sql`id, order_id, type, source, kind, payment_intent_id, amount, currency, to_json(created_at) #>> '{}' as received_at`;

/** The events of the given orders, oldest first. */
export function listOrderEvents(db: Tx, orderIds: number[]): Promise<OrderEvent[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return queryRows<OrderEvent>(
    db,
    sql`select ${EVENT_COLUMNS} from payment_events where order_id in (${sql.join(orderIds.map((id) => sql`${id}`), sql`, `)})
         order by created_at, id`,
  );
}

/** Payment events that concern no order we know (kept, never dropped), newest first. */
export function listUnmatchedEvents(db: Tx): Promise<OrderEvent[]> {
  return queryRows<OrderEvent>(
    db,
    sql`select ${EVENT_COLUMNS} from payment_events where order_id is null and kind <> 'ignored' order by created_at desc, id limit 100`,
  );
}

/** Every order for the admin, newest first (one page of 100). */
export function listOrders(db: Tx, page = 1): Promise<OrderRow[]> {
  return queryRows<OrderRow>(
    db,
    sql`select ${ORDER_COLUMNS} from promotion_orders o join products p on p.id = o.product_id
         order by o.created_at desc, o.id desc offset ${(page - 1) * 100} limit 100`,
  );
}

export async function countOrders(db: Tx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from promotion_orders`);
  return row?.n ?? 0;
}
