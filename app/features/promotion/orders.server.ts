/**
 * Promotion orders (decision 047). An order is written before checkout with the server's price;
 * it becomes paid only through `markOrderPaid`, which the verified Stripe webhook, the server-side
 * retrieval of a Stripe checkout session and the local test-mode checkout all call. A paid order
 * advertises its product from start to start + months x 30 days; the public lists read the dates
 * at request time, so nothing stays advertised after its end. Refunds and disputes end it.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { invalidate, productTag } from "~/db/cache-bus.server";
import type { SessionUser } from "~/domain/auth/session.server";
import { managedByAs } from "~/domain/product-access.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { queueMail } from "~/lib/mail/mail.server";
import type { Payments, PaymentEvent } from "~/lib/payments/payments.server";
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
}

const ORDER_COLUMNS = sql`o.id, o.product_id, p.product_name, p.slug, o.buyer_id, o.buyer_email, o.months, o.unit_price, o.total,
  o.currency, o.status, o.provider, o.checkout_session_id, to_json(o.ad_start_date) #>> '{}' as ad_start_date,
  to_json(o.ad_end_date) #>> '{}' as ad_end_date, to_json(o.paid_at) #>> '{}' as paid_at, to_json(o.created_at) #>> '{}' as created_at`;

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
    await db.execute(sql`update promotion_orders set status = 'cancelled', updated_at = now() where id = ${created.orderId} and status = 'pending'`);
    return { ok: false, field: "form", message: INIT_FAILED };
  }
}

/** What to do once the transaction that changed an order has committed. */
export interface AfterCommit {
  slugs: string[];
  receipt?: { to: string; productName: string; months: number; total: number; start: string; end: string };
}

/**
 * Marks a pending order paid and schedules its placement: it starts now, or where the product's
 * running placement ends, and lasts months x 30 days. A non-pending order changes nothing.
 */
export async function markOrderPaid(
  tx: Tx,
  orderId: number,
  payment: { sessionId?: string | null; paymentIntentId?: string | null } = {},
  now = new Date(),
): Promise<AfterCommit | null> {
  const [order] = await queryRows<{ id: number; product_id: number; months: number; total: number; buyer_email: string; checkout_session_id: string | null }>(
    tx,
    sql`select id, product_id, months, total, buyer_email, checkout_session_id from promotion_orders
         where id = ${orderId} and status = 'pending' for update`,
  );
  if (!order) return null;
  if (payment.sessionId && order.checkout_session_id && payment.sessionId !== order.checkout_session_id) return null;
  const [product] = await queryRows<{ product_name: string; slug: string; running_end: string | null; running_start: string | null }>(
    tx,
    sql`select product_name, slug,
               case when is_advertised and ad_end_date > ${now.toISOString()}::timestamptz then to_json(ad_end_date) #>> '{}' end as running_end,
               case when is_advertised and ad_end_date > ${now.toISOString()}::timestamptz then to_json(coalesce(ad_start_date, ${now.toISOString()}::timestamptz)) #>> '{}' end as running_start
          from products where id = ${order.product_id} for update`,
  );
  if (!product) return null;
  const start = product.running_end ? new Date(product.running_end) : now;
  const end = endDate(start, order.months);
  await tx.execute(
    sql`update promotion_orders set status = 'paid', paid_at = ${now.toISOString()}::timestamptz,
               payment_intent_id = coalesce(${payment.paymentIntentId ?? null}, payment_intent_id),
               ad_start_date = ${start.toISOString()}::timestamptz, ad_end_date = ${end.toISOString()}::timestamptz, updated_at = now()
         where id = ${order.id}`,
  );
  const productStart = product.running_start ? new Date(product.running_start) : start;
  await tx.execute(
    sql`update products set is_advertised = true, ad_start_date = ${productStart.toISOString()}::timestamptz,
               ad_end_date = ${end.toISOString()}::timestamptz, updated_at = now()
         where id = ${order.product_id}`,
  );
  return {
    slugs: [product.slug],
    receipt: { to: order.buyer_email, productName: product.product_name, months: order.months, total: order.total, start: start.toISOString(), end: end.toISOString() },
  };
}

/** Cancels a pending order (the buyer cancelled, or the checkout session expired). */
export async function cancelOrder(tx: Tx, orderId: number, buyerId?: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update promotion_orders set status = 'cancelled', updated_at = now()
         where id = ${orderId} and status = 'pending' ${buyerId ? sql`and buyer_id = ${buyerId}` : sql``} returning id`,
  );
  return rows.length > 0;
}

/**
 * A refund or dispute of a paid order: the order says so, and the product's placement is cut back
 * to what its other paid orders still cover (none: it ends now).
 */
export async function endPaidOrder(tx: Tx, paymentIntentId: string, status: "refunded" | "disputed", now = new Date()): Promise<AfterCommit | null> {
  const [order] = await queryRows<{ id: number; product_id: number }>(
    tx,
    sql`update promotion_orders set status = ${status}, updated_at = now()
         where payment_intent_id = ${paymentIntentId} and status = 'paid' returning id, product_id`,
  );
  if (!order) return null;
  const [remaining] = await queryRows<{ start: string | null; end: string | null }>(
    tx,
    sql`select to_json(min(ad_start_date)) #>> '{}' as start, to_json(max(ad_end_date)) #>> '{}' as end from promotion_orders
         where product_id = ${order.product_id} and status = 'paid' and ad_end_date > ${now.toISOString()}::timestamptz`,
  );
  const [product] = await queryRows<{ slug: string }>(
    tx,
    remaining?.end
      ? sql`update products set ad_start_date = ${remaining.start}::timestamptz, ad_end_date = ${remaining.end}::timestamptz, updated_at = now()
             where id = ${order.product_id} returning slug`
      : sql`update products set is_advertised = false, ad_end_date = least(coalesce(ad_end_date, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz), updated_at = now()
             where id = ${order.product_id} returning slug`,
  );
  return { slugs: product ? [product.slug] : [] };
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

/** Pays an order (test-mode checkout, or a Stripe session retrieved on the server) in one transaction. */
export async function payOrder(db: Database, orderId: number, payment: { sessionId?: string | null; paymentIntentId?: string | null } = {}): Promise<boolean> {
  const effects = await db.transaction((tx) => markOrderPaid(tx, orderId, payment));
  await afterCommit(effects);
  return effects !== null;
}

/**
 * Asks the provider about the buyer's pending Stripe order on return: a paid session fulfils it
 * (as the webhook would). The return URL itself proves nothing.
 */
export async function confirmOnReturn(db: Database, order: OrderRow, provider: Payments): Promise<void> {
  if (order.status !== "pending" || order.provider !== "stripe" || provider.provider !== "stripe" || !order.checkout_session_id) return;
  try {
    const session = await provider.retrieveSession(order.checkout_session_id);
    if (session.paid && session.orderId === order.id) {
      await payOrder(db, order.id, { sessionId: session.sessionId, paymentIntentId: session.paymentIntentId });
    }
  } catch (error) {
    logger().error({ err: error, orderId: order.id }, "checkout session could not be retrieved");
  }
}

export type WebhookOutcome = "processed" | "duplicate";

/** One verified webhook event, at most once by event id, with its effect in the same transaction. */
export async function handlePaymentEvent(db: Database, event: PaymentEvent): Promise<WebhookOutcome> {
  const result = await db.transaction(async (tx) => {
    const fresh = await queryRows<{ id: string }>(
      tx,
      sql`insert into payment_events (id, type) values (${event.id}, ${event.type}) on conflict (id) do nothing returning id`,
    );
    if (!fresh.length) return { outcome: "duplicate" as const, effects: null };
    let effects: AfterCommit | null = null;
    if (event.kind === "checkout.completed" && event.session.orderId !== null) {
      if (event.session.paid) {
        effects = await markOrderPaid(tx, event.session.orderId, { sessionId: event.session.sessionId, paymentIntentId: event.session.paymentIntentId });
      }
    } else if (event.kind === "checkout.expired" && event.session.orderId !== null) {
      const [order] = await queryRows<{ checkout_session_id: string | null }>(
        tx,
        sql`select checkout_session_id from promotion_orders where id = ${event.session.orderId}`,
      );
      if (order?.checkout_session_id === event.session.sessionId) await cancelOrder(tx, event.session.orderId);
    } else if (event.kind === "refunded" || event.kind === "disputed") {
      effects = await endPaidOrder(tx, event.paymentIntentId, event.kind);
    }
    return { outcome: "processed" as const, effects };
  });
  await afterCommit(result.effects);
  return result.outcome;
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
