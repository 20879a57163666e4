/**
 * Paid promotion (issue 15, decision 047): an order for a product's Spotlight placement, created
 * on the server before checkout with the server's price, and the payment provider's webhook
 * events already processed (a replayed event id changes nothing).
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, mentionedUserId, requiredRef, timestamps } from "./columns";
import { products } from "./catalog";

export const ORDER_STATUSES = ["pending", "paid", "cancelled", "refunded", "disputed"] as const;

export const promotion_orders = pgTable(
  "promotion_orders",
  {
    id: serial("id").primaryKey(),
    product_id: requiredRef("product_id", () => products.id),
    buyer_id: mentionedUserId("buyer_id"),
    buyer_email: text("buyer_email").notNull(),
    months: integer("months").notNull(),
    /** Whole currency units (USD), computed on the server. */
    unit_price: integer("unit_price").notNull(),
    total: integer("total").notNull(),
    currency: text("currency").notNull().default("usd"),
    status: text("status").notNull().default("pending"),
    /** stripe or test (the local test-mode checkout). */
    provider: text("provider").notNull(),
    checkout_session_id: text("checkout_session_id").unique(),
    payment_intent_id: text("payment_intent_id"),
    /** When the placement runs: set when the order is paid (start + months x 30 days). */
    ad_start_date: timestamp("ad_start_date", { withTimezone: true }),
    ad_end_date: timestamp("ad_end_date", { withTimezone: true }),
    paid_at: timestamp("paid_at", { withTimezone: true }),
    /** Why an admin should look (derived with the status): paid after cancel, amount mismatch, partial refund. */
    attention: text("attention").array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [
    check("promotion_orders_status_check", sql`status in ('pending', 'paid', 'cancelled', 'refunded', 'disputed')`),
    check("promotion_orders_months_check", sql`months between 1 and 36`),
    index("promotion_orders_product_idx").on(t.product_id),
    index("promotion_orders_buyer_idx").on(t.buyer_id),
    index("promotion_orders_created_idx").on(t.created_at.desc()),
    index("promotion_orders_intent_idx").on(t.payment_intent_id),
  ],
);

export const PAYMENT_EVENT_KINDS = ["checkout.completed", "checkout.expired", "refunded", "disputed", "ignored"] as const;

/**
 * Every payment fact, kept whole and once by id: each verified provider event (its Stripe event id)
 * and our own facts (ids with a colon: a session we expired, a session seen paid on return, a
 * test-mode payment). An order's status is derived from all of its rows, whatever their order.
 */
export const payment_events = pgTable(
  "payment_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    /** stripe (a verified webhook), or local (what our server did or saw itself). */
    source: text("source").notNull().default("stripe"),
    kind: text("kind").notNull().default("ignored"),
    /** The order it concerns, once known (a refund may arrive before the payment that names its intent). */
    order_id: integer("order_id"),
    /** The order id the event itself names (client_reference_id / metadata), as received. */
    order_ref: text("order_ref"),
    session_id: text("session_id"),
    payment_intent_id: text("payment_intent_id"),
    /** Checkout: the session's payment_status is paid. Refund: the charge is refunded in full. */
    paid: boolean("paid").notNull().default(false),
    full_refund: boolean("full_refund").notNull().default(false),
    /** In cents: the session's amount_total, the refunded amount, the disputed amount. */
    amount: integer("amount"),
    currency: text("currency"),
    /** When the provider created it (Stripe's `created`). */
    event_created_at: timestamp("event_created_at", { withTimezone: true }),
    payload: jsonb("payload"),
    received_at: createdAt(),
  },
  (t) => [
    check("payment_events_kind_check", sql`kind in ('checkout.completed', 'checkout.expired', 'refunded', 'disputed', 'ignored')`),
    index("payment_events_order_idx").on(t.order_id),
    index("payment_events_intent_idx").on(t.payment_intent_id),
  ],
);
