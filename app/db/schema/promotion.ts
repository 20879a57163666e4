/**
 * Paid promotion (issue 15, decision 047): an order for a product's Spotlight placement, created
 * on the server before checkout with the server's price, and the payment provider's webhook
 * events already processed (a replayed event id changes nothing).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
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

/** Webhook events already handled, by the provider's event id. */
export const payment_events = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  received_at: createdAt(),
});
