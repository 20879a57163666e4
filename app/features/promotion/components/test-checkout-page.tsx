import { FlaskConicalIcon } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import type { OrderRow } from "../mutations/orders.server";
import { formatMoney } from "../promotion";

/** The local test-mode checkout: clearly labelled, no card, the same fulfilment as a real payment. */
export function TestCheckoutPage({ order }: { order: OrderRow }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-6">
      <p role="note" className="flex items-start gap-2 rounded-md border border-dashed border-primary/60 bg-primary/10 p-3 text-sm">
        <FlaskConicalIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong>Test mode.</strong> Payments are not configured on this site (no STRIPE_SECRET_KEY). This page stands in for the payment
          provider: no card is charged.
        </span>
      </p>
      <h1 className="text-2xl font-bold tracking-tight">Test-mode checkout</h1>
      <dl className="grid grid-cols-2 gap-y-2 rounded-lg border border-border bg-card p-4 text-sm text-card-foreground">
        <dt className="text-muted-foreground">Order</dt>
        <dd className="text-right">#{order.id}</dd>
        <dt className="text-muted-foreground">Product</dt>
        <dd className="text-right">{order.product_name}</dd>
        <dt className="text-muted-foreground">Duration</dt>
        <dd className="text-right">
          {order.months} {order.months === 1 ? "month" : "months"}
        </dd>
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold">{formatMoney(order.total)}</dd>
      </dl>
      {order.status === "pending" ? (
        <Form method="post" className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="pay" disabled={busy}>
            Pay {formatMoney(order.total)} (test)
          </Button>
          {/* Like Stripe's own page: back to the cancel address, which changes nothing. */}
          <Button asChild variant="outline">
            <Link to={`/advertise?payment=cancelled&order=${order.id}`}>Cancel</Link>
          </Button>
        </Form>
      ) : (
        <p role="status" className="text-sm">
          This order is {order.status}.{" "}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/advertise">
            Back to Advertise
          </Link>
        </p>
      )}
    </div>
  );
}
