import { useState } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { FormAlert } from "~/components/ui/form-field";
import type { PaymentNotice } from "../requests.server";
import { PAYMENT_CANCELLED, formatMoney } from "../promotion";

/** A date as "Jan 5, 2026" (UTC), or nothing. */
export function day(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }) : "";
}

/**
 * What the page says after a checkout: cancelled, returned unpaid (with Cancel this order, a
 * plain form post), still waiting for the provider, or paid (the Payment Successful dialog).
 */
export function PaymentNotices({ notice, cancelError, submitting }: { notice: PaymentNotice | null; cancelError?: string; submitting: boolean }) {
  return (
    <>
      {notice?.kind === "cancelled" ? <FormAlert>{PAYMENT_CANCELLED}</FormAlert> : null}
      {notice?.kind === "returned" && notice.order ? (
        <section aria-labelledby="open-order-title" className="rounded-md border border-border bg-muted p-4 text-sm">
          <h2 id="open-order-title" className="font-semibold">
            Your payment was not completed
          </h2>
          <p role="status" className="mt-1">
            Order #{notice.order.id} for {notice.order.product_name} ({formatMoney(notice.order.total)}) is still pending. If you do not want it,
            cancel it here; until then a payment you make for it still counts.
          </p>
          {cancelError ? <FormAlert>{cancelError}</FormAlert> : null}
          <Form method="post" className="mt-3">
            <input type="hidden" name="order" value={notice.order.id} />
            <Button type="submit" name="intent" value="cancel-order" variant="destructive" disabled={submitting}>
              Cancel this order
            </Button>
          </Form>
        </section>
      ) : null}
      {notice?.kind === "pending" ? (
        <p role="status" className="rounded-md border border-border bg-muted p-3 text-sm">
          We are waiting for the payment provider to confirm your payment for {notice.order?.product_name}. This page will show it once it is confirmed.
        </p>
      ) : null}
      {notice?.kind === "paid" && notice.order ? <PaymentSuccessful order={notice.order} /> : null}
    </>
  );
}

function PaymentSuccessful({ order }: { order: NonNullable<PaymentNotice["order"]> }) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Payment Successful</DialogTitle>
          <DialogDescription>
            Thank you! {order.product_name} is promoted for {order.months} {order.months === 1 ? "month" : "months"}, from {day(order.ad_start_date)} to{" "}
            {day(order.ad_end_date)}. A receipt is on its way to your e-mail.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button asChild variant="outline">
            <Link to="/my-products">My Products</Link>
          </Button>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
