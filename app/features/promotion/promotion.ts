/**
 * The promotion's constants, messages, checkout form and price (spec section 9), shared by the
 * page and the server: the server computes the order's price with these, never taking one from
 * the browser.
 */
import * as z from "zod/mini";

export const REGULAR_PRICE_PER_MONTH = 100;
export const PROMO_PRICE_PER_MONTH = 40;
export const DAYS_PER_MONTH = 30;
export const MIN_MONTHS = 1;
export const MAX_MONTHS = 36;
export const CURRENCY = "usd";

export const DURATION_REQUIRED = "Please select a promotion duration to continue.";
export const PRODUCT_REQUIRED = "Please choose one of your live products to promote.";
export const INIT_FAILED = "Failed to initialize payment.";
export const PAYMENT_CANCELLED = "Payment Cancelled: Your payment process was cancelled.";

export interface Price {
  months: number;
  perMonth: number;
  regularPerMonth: number;
  total: number;
  regularTotal: number;
  savings: number;
  percent: number;
}

export function priceFor(months: number): Price {
  const total = PROMO_PRICE_PER_MONTH * months;
  const regularTotal = REGULAR_PRICE_PER_MONTH * months;
  const savings = regularTotal - total;
  return {
    months,
    perMonth: PROMO_PRICE_PER_MONTH,
    regularPerMonth: REGULAR_PRICE_PER_MONTH,
    total,
    regularTotal,
    savings,
    percent: Math.round((savings / regularTotal) * 100),
  };
}

/** When a placement that starts at `start` ends: start + months x 30 days. */
export function endDate(start: Date, months: number): Date {
  return new Date(start.getTime() + months * DAYS_PER_MONTH * 24 * 60 * 60 * 1000);
}

const wholeNumber = (message: string, min: number, max: number) =>
  z.pipe(
    z.string({ error: message }).check(z.trim(), z.regex(/^\d{1,10}$/, message)),
    z.pipe(
      z.transform((v: string) => Number(v)),
      z.number().check(z.gte(min, message), z.lte(max, message)),
    ),
  );

/** The Proceed to Checkout form: which own product and how many months. */
export const checkoutSchema = z.object({
  productId: wholeNumber(PRODUCT_REQUIRED, 1, 2_147_483_647),
  months: wholeNumber(DURATION_REQUIRED, MIN_MONTHS, MAX_MONTHS),
});

export function formatMoney(amount: number): string {
  return `$${amount.toLocaleString("en-US")}`;
}
