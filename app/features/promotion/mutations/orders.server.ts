/**
 * Promotion orders' payment facts (decisions 047 and 071). An order's status is derived from all of
 * its payment events (verified webhooks, and our own facts: the test-mode Pay, a session seen paid
 * on return, a session we expired) whatever order they came in, in `deriveOrder`; `syncPlacement`
 * keeps the product's placement equal to its paid orders'. The public lists read the dates at
 * request time, so nothing stays advertised after its end. The pure rules are in `../order-state.ts`,
 * the reads in `../queries.server.ts`, the buyer's checkout in `checkout.server.ts`.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { invalidate, productTag } from "~/db/cache-bus.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { writePlacement } from "~/domain/products/edits.server";
import { env } from "~/lib/env.server";
import { queueMail } from "~/lib/mail/mail.server";
import type { PaymentEvent } from "~/lib/payments/provider";
import { deriveState, ORDER_STATUSES, placementOf } from "../order-state";
import { endDate, formatMoney } from "../promotion";

export type { OrderEvent, OrderRow, PromotableProduct } from "../queries.server";

type Tx = Pick<Database, "execute">;

const IdRow = z.object({ id: col.int });

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
    const bySession = await selectRow(tx, IdRow, sql`select id from promotion_orders where checkout_session_id = ${event.sessionId}`);
    if (bySession) return bySession.id;
    // The session id was never saved (Stripe's answer lost): the order it names, if that order has no other session.
    if (event.orderRef && /^\d{1,9}$/.test(event.orderRef)) {
      const byRef = await selectRow(
        tx,
        IdRow,
        sql`select id from promotion_orders where id = ${Number(event.orderRef)} and checkout_session_id is null and provider = 'stripe'`,
      );
      if (byRef) return byRef.id;
    }
    return null;
  }
  if (event.paymentIntentId) {
    const byIntent = await selectRow(
      tx,
      IdRow,
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
  const rows = await selectRows(
    tx,
    z.object({ id: col.text }),
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

/**
 * Derives an order's status from its events and keeps the product's placement equal to what its
 * paid orders imply. The order row is locked; the caller holds the payments lock.
 */
async function deriveOrder(tx: Tx, orderId: number, now: Date): Promise<AfterCommit | null> {
  const order = await selectRow(
    tx,
    z.object({
      id: col.int, product_id: col.int, months: col.int, total: col.int, currency: col.text, buyer_email: col.text, status: z.enum(ORDER_STATUSES),
      payment_intent_id: col.text.nullable(), ad_start_date: col.text.nullable(), paid_at: col.text.nullable(),
    }),
    sql`select id, product_id, months, total, currency, buyer_email, status, payment_intent_id,
               to_json(ad_start_date) #>> '{}' as ad_start_date, to_json(paid_at) #>> '{}' as paid_at
          from promotion_orders where id = ${orderId} for update`,
  );
  if (!order) return null;
  const eventsOf = () =>
    selectRows(
      tx,
      z.object({
        kind: col.text, paid: col.bool, full_refund: col.bool, amount: col.int.nullable(), currency: col.text.nullable(),
        payment_intent_id: col.text.nullable(),
      }),
      sql`select kind, paid, full_refund, amount, currency, payment_intent_id from payment_events where order_id = ${orderId} order by created_at, id`,
    );
  let events = await eventsOf();
  // The payment intent, once a paid checkout names it, links the refunds and disputes that came first.
  const intent = order.payment_intent_id ?? events.find((e) => e.kind === "checkout.completed" && e.paid && e.payment_intent_id)?.payment_intent_id ?? null;
  if (intent) {
    const adopted = await selectRows(
      tx,
      z.object({ id: col.text }),
      sql`update payment_events set order_id = ${orderId} where order_id is null and payment_intent_id = ${intent} returning id`,
    );
    if (adopted.length) events = await eventsOf();
  }
  const { status, attention } = deriveState(order, events);
  let window: { start: Date; end: Date } | null = null;
  if (status === "paid" && !order.ad_start_date) {
    // A new placement runs from now, or from the end of the product's other paid placements.
    const running = await selectRow(
      tx,
      z.object({ end: col.text.nullable() }),
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
    const product = await selectRow(tx, z.object({ product_name: col.text }), sql`select product_name from products where id = ${order.product_id}`);
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
  const windows = await selectRows(
    tx,
    z.object({ start: col.text, end: col.text }),
    sql`select to_json(ad_start_date) #>> '{}' as start, to_json(ad_end_date) #>> '{}' as end from promotion_orders
         where product_id = ${productId} and status = 'paid' and ad_start_date is not null and ad_end_date is not null
         order by ad_start_date, ad_end_date`,
  );
  const run = placementOf(windows.map((w) => ({ start: new Date(w.start), end: new Date(w.end) })));
  return writePlacement(tx, productId, run, now);
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
