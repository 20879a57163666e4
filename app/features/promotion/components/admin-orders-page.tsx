import { Link } from "react-router";
import { TableScroller } from "~/components/ui/table-scroller";
import type { OrderRow } from "../orders.server";
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

export function AdminOrdersPage({ orders, total, page, pageCount }: { orders: OrderRow[]; total: number; page: number; pageCount: number }) {
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
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {order.ad_start_date ? `${day(order.ad_start_date)} – ${day(order.ad_end_date)}` : "–"}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{day(order.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
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
