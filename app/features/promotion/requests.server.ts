/** Loaders and actions of /advertise, its test-mode checkout page, the webhook and the admin orders page. */
import { data, redirect } from "react-router";
import { getDb } from "~/db/registry.server";
import { getOptionalUser, requireAdmin, requireUser } from "~/domain/auth/session.server";
import { parseForm } from "~/lib/forms";
import { pageSlice } from "~/lib/paging";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { logger } from "~/lib/logger.server";
import { payments } from "~/lib/payments/payments.server";
import { WebhookSignatureError } from "~/lib/payments/provider";
import { cancelOwnOrder, confirmOnReturn, payTestOrder, startCheckout } from "./mutations/checkout.server";
import { countOrders, findOwnOrder, listOrderEvents, listOrders, listPromotableProducts, listUnmatchedEvents, type OrderRow } from "./queries.server";
import { handlePaymentEvent } from "./mutations/orders.server";
import { checkoutSchema } from "./promotion";

function orderParam(value: string | null): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

export interface PaymentNotice {
  /** returned: the buyer left the checkout; the order is still open until they cancel it here. */
  kind: "paid" | "pending" | "returned" | "cancelled";
  order: Pick<OrderRow, "id" | "product_name" | "slug" | "months" | "total" | "ad_start_date" | "ad_end_date"> | null;
}

/** GET /advertise: public; a signed-in maker also gets their live products and any return status. */
export async function advertiseLoader(request: Request, context: unknown) {
  const user = await getOptionalUser(request, context);
  const url = new URL(request.url);
  const db = getDb();
  const payment = url.searchParams.get("payment");
  const orderId = orderParam(url.searchParams.get("order"));
  let notice: PaymentNotice | null = null;
  if (payment === "cancelled" && user && orderId !== null) {
    // The cancel address is only where the checkout sends the buyer back: it changes nothing (the
    // session may still be paid). Cancelling is the explicit POST below.
    const order = await findOwnOrder(db, user.id, orderId);
    if (order?.status === "pending") notice = { kind: "returned", order: pick(order) };
    else if (order?.status === "cancelled") notice = { kind: "cancelled", order: pick(order) };
    else if (order?.status === "paid") notice = { kind: "paid", order: pick(order) };
  } else if (payment === "success" && user && orderId !== null) {
    // The return URL only shows status: the order is paid only if the provider said so on the server.
    let order = await findOwnOrder(db, user.id, orderId);
    if (order?.status === "pending") {
      await confirmOnReturn(db, order, payments());
      order = await findOwnOrder(db, user.id, orderId);
    }
    if (order?.status === "paid") notice = { kind: "paid", order: pick(order) };
    else if (order?.status === "pending") notice = { kind: "pending", order: pick(order) };
  }
  return {
    signedIn: user !== null,
    products: user ? await listPromotableProducts(db, user.id) : [],
    notice,
    testMode: payments().provider === "test",
  };
}

function pick(order: OrderRow): NonNullable<PaymentNotice["order"]> {
  const { id, product_name, slug, months, total, ad_start_date, ad_end_date } = order;
  return { id, product_name, slug, months, total, ad_start_date, ad_end_date };
}

/**
 * POST /advertise: writes the order at the server's price and sends the buyer to checkout; or, with
 * intent=cancel-order, cancels the buyer's pending order once the provider has expired its session.
 */
export async function advertiseAction(request: Request, context: unknown) {
  assertSameOrigin(request);
  const user = await requireUser(request, context);
  const form = await request.formData();
  if (form.get("intent") === "cancel-order") {
    const orderId = orderParam(typeof form.get("order") === "string" ? (form.get("order") as string) : null);
    const order = orderId === null ? null : await findOwnOrder(getDb(), user.id, orderId);
    if (!order) return data({ errors: { cancel: "This order was not found." } }, { status: 404 });
    const result = await cancelOwnOrder(getDb(), order, payments());
    if (!result.ok) return data({ errors: { cancel: result.message } }, { status: 502 });
    return redirect(`/advertise?payment=${result.status === "paid" ? "success" : "cancelled"}&order=${order.id}`);
  }
  const parsed = parseForm(checkoutSchema, form);
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400 });
  const result = await startCheckout(getDb(), user, parsed.data, payments());
  if (!result.ok) return data({ errors: { [result.field]: result.message } }, { status: result.field === "form" ? 502 : 400 });
  return redirect(result.url);
}

/** The buyer's own pending test-mode order, else 404 (also whenever Stripe is configured). */
async function ownTestOrder(request: Request, context: unknown, param: string | undefined): Promise<OrderRow> {
  const user = await requireUser(request, context);
  const orderId = orderParam(param ?? null);
  if (payments().provider !== "test" || orderId === null) throw data(null, { status: 404 });
  const order = await findOwnOrder(getDb(), user.id, orderId);
  if (!order || order.provider !== "test") throw data(null, { status: 404 });
  return order;
}

export async function testCheckoutLoader(request: Request, context: unknown, param: string | undefined) {
  const order = await ownTestOrder(request, context, param);
  return { order };
}

/** Pay on the test-mode checkout page (its Cancel is a link back to the cancel address), through the same fulfilment code as Stripe's. */
export async function testCheckoutAction(request: Request, context: unknown, param: string | undefined) {
  assertSameOrigin(request);
  const order = await ownTestOrder(request, context, param);
  const intent = (await request.formData()).get("intent");
  if (intent === "pay") {
    // Like an expired Stripe session, a cancelled test order can no longer be paid.
    if (order.status === "pending") await payTestOrder(getDb(), order);
    return redirect(`/advertise?payment=success&order=${order.id}`);
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

/** POST /webhooks/stripe: 400 unless the Stripe-Signature verifies; a replayed event id changes nothing. */
export async function stripeWebhookAction(request: Request) {
  if (request.method !== "POST") return data({ error: "Method Not Allowed" }, { status: 405 });
  const raw = await request.text();
  let event;
  try {
    event = payments().parseWebhook(raw, request.headers.get("stripe-signature"));
  } catch (error) {
    if (error instanceof WebhookSignatureError) return data({ error: "Webhook signature missing or invalid" }, { status: 400 });
    logger().warn({ err: error }, "webhook could not be read");
    return data({ error: "Webhook payload invalid" }, { status: 400 });
  }
  const outcome = await handlePaymentEvent(getDb(), event);
  return data({ received: true, outcome });
}

export async function adminOrdersLoader(request: Request, context: unknown) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const requested = Number(url.searchParams.get("page") ?? "1");
  const db = getDb();
  const total = await countOrders(db);
  const { page, pageCount } = pageSlice(total, requested, 100);
  const orders = await listOrders(db, page);
  return { orders, events: await listOrderEvents(db, orders.map((o) => o.id)), unmatched: await listUnmatchedEvents(db), total, page, pageCount };
}
