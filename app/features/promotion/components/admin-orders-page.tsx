import { Link } from "react-router";
import { TableScroller } from "~/components/ui/table-scroller";
import type { OrderEvent, OrderRow } from "../orders.server";
import { formatMoney } from "../pricing";

const STATUS_STYLE: Record<OrderRow["status"], string> = {
  pending: "bg-muted text-foreground",
  paid: "bg-primary/15 text-foreground",
  cancelled: "bg-muted text-muted-foreground",
  refunded: "bg-destructive/15 text-foreground",
  disputed: "bg-destructive/15 text-foreground",
};

function day(iso: string | null): string {
  return iso ? iso.slice(0, 10) : "–";
}

function when(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** One payment event: its type, when we received it, and its id (the provider's event id, or ours). */
function EventList({ events }: { events: OrderEvent[] }) {
  if (!events.length) return <span className="text-muted-foreground">–</span>;
  return (
    <ul className="flex flex-col gap-1">
      {events.map((event) => (
        <li key={event.id} className="text-xs">
          <span className="font-medium">{event.type}</span> <span className="text-muted-foreground">{when(event.received_at)}</span>
          <br />
          <code className="break-all text-muted-foreground">{event.id}</code>
        </li>
      ))}
    </ul>
  );
}

export function AdminOrdersPage({
  orders,
  events,
  unmatched,
  total,
  page,
  pageCount,
}: {
  orders: OrderRow[];
  events: OrderEvent[];
  unmatched: OrderEvent[];
  total: number;
  page: number;
  pageCount: number;
}) {
  const eventsOf = (orderId: number) => events.filter((e) => e.order_id === orderId);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Orders</h1>
        <p className="text-sm text-muted-foreground">
          {total.toLocaleString("en")} promotion {total === 1 ? "order" : "orders"}, newest first, with their payment state.
        </p>
      </div>
      {orders.length === 0 ? (
        <p className="text-sm text-muted-foreground">No orders yet.</p>
      ) : (
        <TableScroller label="Promotion orders" className="rounded-lg border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Promotion orders, page {page} of {pageCount}
            </caption>
            <thead className="bg-muted">
              <tr>
                <th scope="col" className="px-3 py-2">Order</th>
                <th scope="col" className="px-3 py-2">Product</th>
                <th scope="col" className="px-3 py-2">Buyer</th>
                <th scope="col" className="px-3 py-2">Months</th>
                <th scope="col" className="px-3 py-2">Total</th>
                <th scope="col" className="px-3 py-2">Payment</th>
                <th scope="col" className="px-3 py-2">Placement</th>
                <th scope="col" className="px-3 py-2">Created</th>
                <th scope="col" className="px-3 py-2">Events</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id} className="border-t border-border">
                  <td className="px-3 py-2">#{order.id}</td>
                  <td className="px-3 py-2">
                    <Link className="text-primary underline-offset-4 hover:underline" to={`/resources/${order.slug}`}>
                      {order.product_name}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{order.buyer_email}</td>
                  <td className="px-3 py-2">{order.months}</td>
                  <td className="px-3 py-2">{formatMoney(order.total)}</td>
                  <td className="px-3 py-2">
                    <span className={`rounded px-2 py-0.5 text-xs font-medium capitalize ${STATUS_STYLE[order.status]}`}>{order.status}</span>
                    <span className="ml-1 text-xs text-muted-foreground">({order.provider})</span>
                    {order.attention.length ? (
                      <span className="mt-1 block text-xs font-medium text-destructive">Needs attention: {order.attention.join(", ")}</span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {order.ad_start_date ? `${day(order.ad_start_date)} – ${day(order.ad_end_date)}` : "–"}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{day(order.created_at)}</td>
                  <td className="px-3 py-2">
                    <EventList events={eventsOf(order.id)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
      {unmatched.length ? (
        <section aria-labelledby="unmatched-title" className="flex flex-col gap-2">
          <h2 id="unmatched-title" className="text-lg font-semibold">
            Needs attention: payment events for no known order
          </h2>
          <p className="text-sm text-muted-foreground">
            Kept as received. A refund or dispute shows here until the payment it belongs to arrives.
          </p>
          <TableScroller label="Payment events for no known order" className="rounded-lg border border-border">
            <table className="w-full text-left text-sm">
              <thead className="bg-muted">
                <tr>
                  <th scope="col" className="px-3 py-2">Event</th>
                  <th scope="col" className="px-3 py-2">Received</th>
                  <th scope="col" className="px-3 py-2">Payment intent</th>
                  <th scope="col" className="px-3 py-2">Amount</th>
                </tr>
              </thead>
              <tbody>
                {unmatched.map((event) => (
                  <tr key={event.id} className="border-t border-border">
                    <td className="px-3 py-2">
                      <span className="font-medium">{event.type}</span>
                      <br />
                      <code className="break-all text-xs text-muted-foreground">{event.id}</code>
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{when(event.received_at)}</td>
                    <td className="px-3 py-2">
                      <code className="break-all text-xs">{event.payment_intent_id ?? "–"}</code>
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {event.amount === null ? "–" : `${(event.amount / 100).toFixed(2)} ${(event.currency ?? "").toUpperCase()}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        </section>
      ) : null}
      {pageCount > 1 ? (
        <nav aria-label="Pages" className="flex gap-3 text-sm">
          {page > 1 ? <Link to={`/admin/orders?page=${page - 1}`}>Previous</Link> : null}
          <span>
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? <Link to={`/admin/orders?page=${page + 1}`}>Next</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
