import { Link } from "react-router";
import { DataTable } from "~/components/admin/data-table";
import { Pager } from "~/components/admin/pager";
import type { OrderEvent, OrderRow } from "../mutations/orders.server";
import { formatMoney } from "../promotion";

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
        <DataTable
          rows={orders}
          caption={`Promotion orders, page ${page} of ${pageCount}`}
          label="Promotion orders"
          minWidth="min-w-[56rem]"
          columns={[
            { header: "Order", cell: (order) => `#${order.id}` },
            {
              header: "Product",
              cell: (order) => (
                <Link className="text-primary underline-offset-4 hover:underline" to={`/resources/${order.slug}`}>
                  {order.product_name}
                </Link>
              ),
            },
            { header: "Buyer", cell: (order) => order.buyer_email },
            { header: "Months", cell: (order) => order.months },
            { header: "Total", cell: (order) => formatMoney(order.total) },
            {
              header: "Payment",
              cell: (order) => (
                <>
                  <span className={`rounded px-2 py-0.5 text-xs font-medium capitalize ${STATUS_STYLE[order.status]}`}>{order.status}</span>
                  <span className="ml-1 text-xs text-muted-foreground">({order.provider})</span>
                  {order.attention.length ? <span className="mt-1 block text-xs font-medium text-destructive">Needs attention: {order.attention.join(", ")}</span> : null}
                </>
              ),
            },
            { header: "Placement", className: "whitespace-nowrap", cell: (order) => (order.ad_start_date ? `${day(order.ad_start_date)} – ${day(order.ad_end_date)}` : "–") },
            { header: "Created", className: "whitespace-nowrap", cell: (order) => day(order.created_at) },
            { header: "Events", cell: (order) => <EventList events={eventsOf(order.id)} /> },
          ]}
        />
      )}
      {unmatched.length ? (
        <section aria-labelledby="unmatched-title" className="flex flex-col gap-2">
          <h2 id="unmatched-title" className="text-lg font-semibold">
            Needs attention: payment events for no known order
          </h2>
          <p className="text-sm text-muted-foreground">
            Kept as received. A refund or dispute shows here until the payment it belongs to arrives.
          </p>
          <DataTable
            rows={unmatched}
            caption="Payment events for no known order"
            columns={[
              {
                header: "Event",
                cell: (event) => (
                  <>
                    <span className="font-medium">{event.type}</span>
                    <br />
                    <code className="break-all text-xs text-muted-foreground">{event.id}</code>
                  </>
                ),
              },
              { header: "Received", className: "whitespace-nowrap", cell: (event) => when(event.received_at) },
              { header: "Payment intent", cell: (event) => <code className="break-all text-xs">{event.payment_intent_id ?? "–"}</code> },
              {
                header: "Amount",
                className: "whitespace-nowrap",
                cell: (event) => (event.amount === null ? "–" : `${(event.amount / 100).toFixed(2)} ${(event.currency ?? "").toUpperCase()}`),
              },
            ]}
          />
        </section>
      ) : null}
      <Pager page={page} pageCount={pageCount} label="Pages" href={(p) => `/admin/orders?page=${p}`} keepScroll={false} />
    </div>
  );
}
