/**
 * The pure part of an order's life (decision 071): its status and its admin flags from all of its
 * payment events, whatever order they came in, and a product's placement from its paid windows.
 * No database here: `orders.server.ts` reads the events and writes what these functions answer.
 */

export const ORDER_STATUSES = ["pending", "paid", "cancelled", "refunded", "disputed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface EventFacts {
  kind: string;
  paid: boolean;
  full_refund: boolean;
  amount: number | null;
  currency: string | null;
}

/**
 * An order's state from all of its events, whatever order they came in (decision 071): a dispute
 * or a full refund ends it, else a paid checkout pays it, else an expired session cancels it.
 * A payment after an expiry still pays it (Stripe took the money) and asks an admin to look.
 */
export function deriveState(order: { total: number; currency: string }, events: EventFacts[]): { status: OrderStatus; attention: string[] } {
  const paid = events.filter((e) => e.kind === "checkout.completed" && e.paid);
  const expired = events.some((e) => e.kind === "checkout.expired");
  const disputed = events.some((e) => e.kind === "disputed");
  const refunds = events.filter((e) => e.kind === "refunded");
  const fullRefund = refunds.some((e) => e.full_refund);
  const status: OrderStatus = disputed ? "disputed" : fullRefund ? "refunded" : paid.length ? "paid" : expired ? "cancelled" : "pending";
  const attention: string[] = [];
  if (paid.length && expired) attention.push("paid after cancel");
  if (paid.some((e) => (e.amount !== null && e.amount !== order.total * 100) || (e.currency !== null && e.currency.toLowerCase() !== order.currency))) {
    attention.push("amount mismatch");
  }
  if (refunds.length && !fullRefund) attention.push("partial refund");
  if ((disputed || refunds.length) && !paid.length) attention.push("refund or dispute without a payment");
  return { status, attention };
}

/** The last run of windows that touch or overlap (null without windows). */
export function placementOf(windows: { start: Date; end: Date }[]): { start: Date; end: Date } | null {
  const sorted = [...windows].sort((a, b) => a.start.getTime() - b.start.getTime());
  const runs: { start: Date; end: Date }[] = [];
  for (const w of sorted) {
    const last = runs.at(-1);
    if (last && w.start.getTime() <= last.end.getTime()) {
      if (w.end.getTime() > last.end.getTime()) last.end = w.end;
    } else runs.push({ start: w.start, end: w.end });
  }
  return runs.at(-1) ?? null;
}
