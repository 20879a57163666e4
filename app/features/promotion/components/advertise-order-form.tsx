import { CalendarClockIcon } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-field";
import { useFormErrors } from "~/lib/use-form-errors";
import type { PromotableProduct } from "../mutations/orders.server";
import { checkoutSchema, formatMoney, priceFor } from "../promotion";
import type { AdvertisePageProps } from "./advertise-page";
import { day } from "./advertise-notices";
import { MonthsStepper } from "./months-stepper";

/**
 * "Promote your product": months (months-stepper.tsx), the price, the
 * product and Proceed to Checkout. Checked in the browser and again by the action.
 */
export function OrderForm({
  signedIn,
  products,
  testMode,
  errors,
  months,
  setMonths,
  submitting,
}: Pick<AdvertisePageProps, "signedIn" | "products" | "testMode" | "errors"> & { months: number; setMonths: (months: number) => void; submitting: boolean }) {
  const price = priceFor(months);
  // The action's answer as it came (useFormErrors compares its identity).
  const form = useFormErrors(checkoutSchema, errors);
  return (
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

        <ProductChoice signedIn={signedIn} products={products} error={form.errors.productId} />

        <Button type="submit" size="lg" disabled={!signedIn || products.length === 0 || submitting}>
          {submitting ? "Redirecting to checkout..." : "Proceed to Checkout"}
        </Button>
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <CalendarClockIcon aria-hidden className="size-4" /> Activation starts within 24 hours of payment; each month is 30 days.
        </p>
      </Form>
    </section>
  );
}

/** Sign in first, list a product first, or the select of the maker's live products. */
function ProductChoice({ signedIn, products, error }: { signedIn: boolean; products: PromotableProduct[]; error: string | undefined }) {
  // A product chosen on My Products (Advertise) or kept by the stepper's plain-form round trip.
  // useLocation, not useSearchParams: that hook would put its code in every page's JavaScript.
  const searchParams = new URLSearchParams(useLocation().search);
  if (!signedIn) {
    return (
      <p className="text-sm">
        <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/auth?redirectTo=%2Fadvertise">
          Sign in
        </Link>{" "}
        to promote one of your products.
      </p>
    );
  }
  if (products.length === 0) {
    return (
      <p className="text-sm">
        You have no live products to promote yet.{" "}
        <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/my-products/new">
          List your product first
        </Link>
        .
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="field-productId" className="text-sm font-medium">
        Product to promote
      </label>
      <select
        id="field-productId"
        name="productId"
        defaultValue={searchParams.get("productId") || (products.length === 1 ? String(products[0]!.id) : "")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "field-productId-error" : undefined}
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
      {error ? (
        <p id="field-productId-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
