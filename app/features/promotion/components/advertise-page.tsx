import { BadgePercentIcon, CalendarClockIcon, CheckCircle2Icon, SparklesIcon, TicketIcon, TrendingUpIcon, UsersIcon } from "lucide-react";
import { useState } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { FormAlert } from "~/components/ui/form-field";
import { useFormErrors } from "~/lib/use-form-errors";
import type { PaymentNotice } from "../advertise-page.server";
import type { PromotableProduct } from "../orders.server";
import { PAYMENT_CANCELLED, checkoutSchema, formatMoney, priceFor } from "../pricing";
import { MonthsStepper, monthsFromSearch } from "./months-stepper";

export interface AdvertisePageProps {
  signedIn: boolean;
  products: PromotableProduct[];
  notice: PaymentNotice | null;
  testMode: boolean;
  errors?: Partial<Record<"productId" | "months" | "form" | "cancel", string>>;
}

const FEATURES = [
  { icon: SparklesIcon, title: "Spotlight placement", text: "Your product appears in the Spotlight on the home page and across the directory." },
  { icon: TrendingUpIcon, title: "More visibility", text: "Reach makers and buyers who browse the directory every day." },
  { icon: UsersIcon, title: "The right audience", text: "Visitors here are looking for tools, apps and communities like yours." },
];

const REASONS = [
  "A placement that starts within 24 hours of payment, usually at once",
  "A fixed price with no bidding and no hidden fees",
  "Secure card payment; your order is confirmed on our server",
  "A receipt by e-mail and the dates of your promotion in My Products",
];

const STEPS = [
  "Choose which of your live products to promote",
  "Pick how many months it runs",
  "Proceed to Checkout and pay securely",
  "We confirm your payment and schedule the placement",
  "Your product shows in the Spotlight until its end date",
];

const OTHER_TYPES = ["Newsletter feature", "Category sponsorship", "Deal of the week"];

function day(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }) : "";
}

export function AdvertisePage({ signedIn, products, notice, testMode, errors }: AdvertisePageProps) {
  const cancelError = errors?.cancel;
  // Without JavaScript the stepper comes back as ?months=N&step=... (months-stepper.tsx).
  const [searchParams] = useSearchParams();
  const [months, setMonths] = useState(() => monthsFromSearch(searchParams));
  const price = priceFor(months);
  // The action's answer as it came (useFormErrors compares its identity).
  const form = useFormErrors(checkoutSchema, errors);
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";

  return (
    <div className="flex flex-col gap-10">
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

      <section aria-labelledby="advertise-title" className="rounded-xl border border-primary/30 bg-primary/10 p-6 text-center">
        <p className="inline-flex items-center gap-2 rounded-full bg-primary px-3 py-1 text-sm font-semibold text-primary-foreground">
          <BadgePercentIcon aria-hidden className="size-4" /> Limited offer: 60% off
        </p>
        <h1 id="advertise-title" className="mt-4 text-3xl font-bold tracking-tight">
          Advertise your product
        </h1>
        <p className="mx-auto mt-2 max-w-2xl text-muted-foreground">
          Put your product in the Spotlight for {formatMoney(price.perMonth)} per month instead of {formatMoney(price.regularPerMonth)}.
        </p>
      </section>

      <section aria-labelledby="features-title">
        <h2 id="features-title" className="text-xl font-semibold">
          What you get
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border border-border bg-card p-4 text-card-foreground">
              <Icon aria-hidden className="size-6 text-primary" />
              <h3 className="mt-2 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
        <h3 className="mt-6 font-semibold">Other promotion types</h3>
        <ul className="mt-2 flex flex-wrap gap-2">
          {OTHER_TYPES.map((name) => (
            <li key={name} className="inline-flex items-center gap-2 rounded-md border border-dashed border-border px-3 py-1.5 text-sm text-muted-foreground">
              {name} <span className="rounded bg-muted px-1.5 py-0.5 text-xs font-medium text-foreground">Coming soon</span>
            </li>
          ))}
        </ul>
      </section>

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
        <section aria-labelledby="reasons-title">
          <h2 id="reasons-title" className="text-xl font-semibold">
            Why partner with us
          </h2>
          <ul className="mt-4 flex flex-col gap-2">
            {REASONS.map((reason) => (
              <li key={reason} className="flex gap-2 text-sm">
                <CheckCircle2Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                {reason}
              </li>
            ))}
          </ul>
          <h2 className="mt-8 text-xl font-semibold">How It Works</h2>
          <ol className="mt-4 flex flex-col gap-3">
            {STEPS.map((step, index) => (
              <li key={step} className="flex items-start gap-3 text-sm">
                <span aria-hidden className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
                  {index + 1}
                </span>
                <span className="pt-1">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step}
                </span>
              </li>
            ))}
          </ol>
          <RedemptionSample />
        </section>

        <section aria-labelledby="order-title" className="rounded-xl border border-border bg-card p-5 text-card-foreground">
          <h2 id="order-title" className="text-xl font-semibold">
            Promote your product
          </h2>
          {testMode ? (
            <p className="mt-2 rounded-md border border-dashed border-border p-2 text-xs text-muted-foreground">
              Test mode: payments are not configured on this site, so checkout is a local test page and no card is charged.
            </p>
          ) : null}
          <Form method="post" noValidate className="mt-4 flex flex-col gap-5" onSubmit={form.onSubmit} onChange={form.onChange} onBlur={form.onBlur}>
            {form.errors.form ? <FormAlert>{form.errors.form}</FormAlert> : null}
            <MonthsStepper months={months} onChange={setMonths} error={form.errors.months} />

            <dl aria-label="Price" className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-muted p-4 text-sm">
              <dt className="text-muted-foreground">Regular price</dt>
              <dd className="text-right line-through">{formatMoney(price.regularPerMonth)} / month</dd>
              <dt className="text-muted-foreground">Promo price</dt>
              <dd className="text-right font-medium">{formatMoney(price.perMonth)} / month</dd>
              <dt className="text-muted-foreground">You save</dt>
              <dd className="text-right" data-testid="savings">
                {formatMoney(price.savings)} ({price.percent}%)
              </dd>
              <dt className="text-base font-semibold">Total</dt>
              <dd className="text-right text-base font-semibold" data-testid="total">
                {formatMoney(price.total)}
              </dd>
            </dl>

            {!signedIn ? (
              <p className="text-sm">
                <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/auth?redirectTo=%2Fadvertise">
                  Sign in
                </Link>{" "}
                to promote one of your products.
              </p>
            ) : products.length === 0 ? (
              <p className="text-sm">
                You have no live products to promote yet.{" "}
                <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/my-products/new">
                  List your product first
                </Link>
                .
              </p>
            ) : (
              <div className="flex flex-col gap-1.5">
                <label htmlFor="field-productId" className="text-sm font-medium">
                  Product to promote
                </label>
                <select
                  id="field-productId"
                  name="productId"
                  defaultValue={searchParams.get("productId") || (products.length === 1 ? String(products[0]!.id) : "")}
                  aria-invalid={form.errors.productId ? true : undefined}
                  aria-describedby={form.errors.productId ? "field-productId-error" : undefined}
                  className="h-10 rounded-md border border-input bg-background px-3 text-sm"
                >
                  <option value="">Choose a product</option>
                  {products.map((product) => (
                    <option key={product.id} value={product.id}>
                      {product.product_name}
                      {product.ad_end_date ? ` (advertised until ${day(product.ad_end_date)})` : ""}
                    </option>
                  ))}
                </select>
                {form.errors.productId ? (
                  <p id="field-productId-error" role="alert" className="text-sm text-destructive">
                    {form.errors.productId}
                  </p>
                ) : null}
              </div>
            )}

            <Button type="submit" size="lg" disabled={!signedIn || products.length === 0 || submitting}>
              {submitting ? "Redirecting to checkout..." : "Proceed to Checkout"}
            </Button>
            <p className="flex items-center gap-2 text-xs text-muted-foreground">
              <CalendarClockIcon aria-hidden className="size-4" /> Activation starts within 24 hours of payment; each month is 30 days.
            </p>
          </Form>
        </section>
      </div>
    </div>
  );
}

function RedemptionSample() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" className="mt-6">
          <TicketIcon aria-hidden /> See a sample redemption code
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sample redemption code</DialogTitle>
          <DialogDescription>What a redemption code looks like. Codes are valid for 6 months.</DialogDescription>
        </DialogHeader>
        <div className="rounded-lg border-2 border-dashed border-primary/50 bg-muted p-6 text-center">
          <p className="text-xs uppercase tracking-wide text-muted-foreground">Spotlight promotion</p>
          <p className="mt-2 font-mono text-2xl font-bold tracking-widest">SPOT-XXXX-XXXX</p>
          <p className="mt-2 text-xs text-muted-foreground">Sample only, not a real code</p>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Got it</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
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
