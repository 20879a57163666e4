/**
 * Reads of promotion orders and their payment events: the buyer's promotable products and own
 * order, and the admin's order list with its events. Rows are parsed at `~/db/rows.server`.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { managedByAs } from "~/domain/product-access.server";
import { ORDER_STATUSES, type OrderStatus } from "./order-state";

type Tx = Pick<Database, "execute">;

const PromotableProductRow = z.object({ id: col.int, product_name: col.text, slug: col.text, ad_end_date: col.text.nullable() });
export type PromotableProduct = z.output<typeof PromotableProductRow>;

/** The user's own live products (not suggestions), newest first: what they may promote. */
export function listPromotableProducts(db: Tx, userId: string): Promise<PromotableProduct[]> {
  return selectRows(
    db,
    PromotableProductRow,
    sql`select p.id, p.product_name, p.slug,
               case when p.is_advertised and p.ad_end_date > now() then to_json(p.ad_end_date) #>> '{}' end as ad_end_date
          from products p
         where ${managedByAs("p", userId)} and p.status = 'live' and p.type = 'product'
         order by p.created_at desc, p.id desc limit 200`,
  );
}

const OrderStatusCol = z.enum(ORDER_STATUSES);

const OrderRowSchema = z.object({
  id: col.int,
  product_id: col.int,
  product_name: col.text,
  slug: col.text,
  buyer_id: col.text.nullable(),
  buyer_email: col.text,
  months: col.int,
  unit_price: col.int,
  total: col.int,
  currency: col.text,
  status: OrderStatusCol,
  provider: z.enum(["stripe", "test", "none"]),
  checkout_session_id: col.text.nullable(),
  ad_start_date: col.text.nullable(),
  ad_end_date: col.text.nullable(),
  paid_at: col.text.nullable(),
  created_at: col.text,
  attention: col.texts,
});
export type OrderRow = z.output<typeof OrderRowSchema>;

const ORDER_COLUMNS = sql`o.id, o.product_id, p.product_name, p.slug, o.buyer_id, o.buyer_email, o.months, o.unit_price, o.total,
  o.currency, o.status, o.provider, o.checkout_session_id, to_json(o.ad_start_date) #>> '{}' as ad_start_date,
  to_json(o.ad_end_date) #>> '{}' as ad_end_date, to_json(o.paid_at) #>> '{}' as paid_at, to_json(o.created_at) #>> '{}' as created_at, o.attention`;

/** The buyer's own order, or null (another user's order is "not found"). */
export async function findOwnOrder(db: Tx, userId: string, orderId: number): Promise<OrderRow | null> {
  const row = await selectRow(
    db,
    OrderRowSchema,
    sql`select ${ORDER_COLUMNS} from promotion_orders o join products p on p.id = o.product_id
         where o.id = ${orderId} and o.buyer_id = ${userId}`,
  );
  return row ?? null;
}

const OrderEventRow = z.object({
  id: col.text,
  order_id: col.int.nullable(),
  type: col.text,
  source: col.text,
  kind: col.text,
  payment_intent_id: col.text.nullable(),
  amount: col.int.nullable(),
  currency: col.text.nullable(),
  received_at: col.text,
});
export type OrderEvent = z.output<typeof OrderEventRow>;

const EVENT_COLUMNS = sql`id, order_id, type, source, kind, payment_intent_id, amount, currency, to_json(created_at) #>> '{}' as received_at`;

/** The events of the given orders, oldest first. */
export function listOrderEvents(db: Tx, orderIds: number[]): Promise<OrderEvent[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return selectRows(
    db,
    OrderEventRow,
    sql`select ${EVENT_COLUMNS} from payment_events where order_id in (${sql.join(orderIds.map((id) => sql`${id}`), sql`, `)})
         order by created_at, id`,
  );
}

/** Payment events that concern no order we know (kept, never dropped), newest first. */
export function listUnmatchedEvents(db: Tx): Promise<OrderEvent[]> {
  return selectRows(
    db,
    OrderEventRow,
    sql`select ${EVENT_COLUMNS} from payment_events where order_id is null and kind <> 'ignored' order by created_at desc, id limit 100`,
  );
}

/** Every order for the admin, newest first (one page of 100). */
export function listOrders(db: Tx, page = 1): Promise<OrderRow[]> {
  return selectRows(
    db,
    OrderRowSchema,
    sql`select ${ORDER_COLUMNS} from promotion_orders o join products p on p.id = o.product_id
         order by o.created_at desc, o.id desc offset ${(page - 1) * 100} limit 100`,
  );
}

export async function countOrders(db: Tx): Promise<number> {
  const row = await selectRow(db, z.object({ n: col.int }), sql`select count(*)::int as n from promotion_orders`);
  return row?.n ?? 0;
}

/** An order's status as it stands now (after a cancel), or undefined when there is no such order. */
export async function orderStatus(db: Tx, orderId: number): Promise<OrderStatus | undefined> {
  const row = await selectRow(db, z.object({ status: OrderStatusCol }), sql`select status from promotion_orders where id = ${orderId}`);
  return row?.status;
}
