/**
 * Issue 34 §2: no money without its promotion, in any order of events. Through the real server
 * (Express, input guards, React Router: /advertise, POST /webhooks/stripe, /admin/orders) with the
 * Stripe provider pointed at the fake Stripe server. Each case ends with the order in the state
 * Stripe's record implies, the product's placement matching it, and Orders listing every event.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { setPayments } from "~/lib/payments/payments.server";
import { stripePayments } from "~/lib/payments/stripe.server";
import * as rootModule from "~/root";
import * as adminModule from "~/routes/admin";
import * as adminOrdersModule from "~/routes/admin.orders";
import * as advertiseModule from "~/routes/advertise";
import * as siteModule from "~/routes/_site";
import * as webhookModule from "~/routes/webhooks.stripe";
import { createProduct } from "../../tests/factories";
import { adminCookie, localSettings, signedInCookie } from "../../tests/support/auth";
import { dataOnlyBuild, startDataServer } from "../../tests/support/data-server";
import { dataRequest, type DataAnswer, type DataRequestInit } from "../../tests/support/data-request";
import { startFakeStripe, stripeSignature, type FakeSession, type FakeStripe } from "../../tests/support/fake-stripe";

const SECRET = "whsec_issue34";
const DAY = 24 * 60 * 60 * 1000;
let fake: FakeStripe;
let base = "";
let close: () => Promise<unknown> = async () => undefined;
let admin = "";

beforeAll(async () => {
  fake = await startFakeStripe();
  setAuthSettings(localSettings());
  setPayments(stripePayments({ secretKey: "sk_test_issue34", webhookSecret: SECRET, apiUrl: fake.base }));
  ({ base, close } = await startDataServer(
    dataOnlyBuild([
      { id: "root", path: "", module: rootModule },
      { id: "routes/_site", parentId: "root", module: siteModule },
      { id: "routes/advertise", parentId: "routes/_site", path: "advertise", module: advertiseModule },
      { id: "routes/webhooks.stripe", parentId: "root", path: "webhooks/stripe", module: webhookModule },
      { id: "routes/admin", parentId: "root", path: "admin", module: adminModule },
      { id: "routes/admin.orders", parentId: "routes/admin", path: "orders", module: adminOrdersModule },
    ]),
  ));
  admin = await adminCookie(`orders-admin-${Date.now().toString(36)}@example.com`);
});
afterAll(async () => {
  await close();
  setPayments(undefined);
  setAuthSettings(undefined);
  await fake.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON of several routes' answers, read field by field
type Answer = DataAnswer<any>;
const send = (path: string, init: DataRequestInit = {}): Promise<Answer> => dataRequest(base, path, init);

/** Stripe posts a signed event; 2xx means Stripe stops retrying. */
async function deliver(body: string): Promise<Answer> {
  const answer = await send("/webhooks/stripe", { json: body, headers: { "Stripe-Signature": stripeSignature(body, SECRET) } });
  expect(answer.status, body.slice(0, 80)).toBe(200);
  return answer;
}

async function buyer() {
  const email = `buyer.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.com`;
  const cookie = await signedInCookie(email);
  const [row] = await queryRows<{ id: string }>(getDb(), sql`select id from "user" where email = ${email}`);
  const product = await createProduct(getDb());
  await getDb().execute(sql`update products set submitter_id = ${row!.id} where id = ${product.id}`);
  return { cookie, product };
}

/** A buyer starts a checkout for `months` through POST /advertise; answers the order and Stripe's session. */
async function checkout(months = 1) {
  const me = await buyer();
  const started = await send("/advertise", { cookie: me.cookie, form: { productId: String(me.product.id), months: String(months) } });
  expect(started.status).toBe(302);
  const session = [...fake.sessions.values()].find((s) => started.location === s.url)!;
  return { ...me, orderId: Number(session.client_reference_id), session };
}

const completed = (session: FakeSession) => fake.event("checkout.session.completed", { ...session });
const expiredEvent = (session: FakeSession) => fake.event("checkout.session.expired", { ...session, status: "expired" });
const refund = (intent: string, amount: number, refunded = amount) =>
  fake.event("charge.refunded", { id: `ch_${intent}`, object: "charge", payment_intent: intent, amount, amount_refunded: refunded, refunded: refunded >= amount, currency: "usd" });
const dispute = (intent: string, amount: number) =>
  fake.event("charge.dispute.created", { id: `dp_${intent}`, object: "dispute", payment_intent: intent, amount, currency: "usd", status: "needs_response" });
const idOf = (event: string) => (JSON.parse(event) as { id: string }).id;

async function orderState(orderId: number) {
  const [row] = await queryRows<{ status: string; attention: string[]; end: string | null }>(
    getDb(),
    sql`select status, attention, to_json(ad_end_date) #>> '{}' as end from promotion_orders where id = ${orderId}`,
  );
  return row!;
}

async function placement(productId: number) {
  const [row] = await queryRows<{ is_advertised: boolean; end: string | null }>(
    getDb(),
    sql`select is_advertised, to_json(ad_end_date) #>> '{}' as end from products where id = ${productId}`,
  );
  return { advertised: row!.is_advertised, end: row!.end ? new Date(row!.end).getTime() : null };
}

/** What the admin's Orders page shows for the order: its status, flags and the ids of its events. */
async function ordersPage(orderId: number) {
  const answer = await send("/admin/orders", { cookie: admin });
  expect(answer.status).toBe(200);
  const data = answer.body.loaderData["routes/admin.orders"];
  const order = data.orders.find((o: { id: number }) => o.id === orderId);
  return {
    status: order?.status as string,
    attention: order?.attention as string[],
    events: (data.events as { id: string; order_id: number; type: string }[]).filter((e) => e.order_id === orderId).map((e) => e.id),
    types: (data.events as { order_id: number; type: string }[]).filter((e) => e.order_id === orderId).map((e) => e.type),
    unmatched: (data.unmatched as { id: string }[]).map((e) => e.id),
  };
}

/** Paid and advertised for months x 30 days from about now. */
async function expectAdvertisedFor(productId: number, months: number) {
  const ad = await placement(productId);
  expect(ad.advertised).toBe(true);
  expect(Math.abs(ad.end! - (Date.now() + months * 30 * DAY))).toBeLessThan(5 * 60 * 1000);
}

async function expectNotAdvertised(productId: number) {
  const ad = await placement(productId);
  expect(ad.advertised).toBe(false);
  if (ad.end !== null) expect(ad.end).toBeLessThanOrEqual(Date.now());
}

describe("cancel and pay, in either order", () => {
  it("cancel, then pay: the cancel address changes nothing, so the later payment pays the order", async () => {
    const { cookie, product, orderId, session } = await checkout(2);
    const returned = await send(`/advertise?payment=cancelled&order=${orderId}`, { cookie });
    expect(returned.body.loaderData["routes/advertise"].notice).toMatchObject({ kind: "returned", order: { id: orderId } });
    expect((await orderState(orderId)).status).toBe("pending");
    expect(fake.expireRequests).not.toContain(session.id);

    const event = completed(fake.pay(session.id));
    await deliver(event);
    expect(await orderState(orderId)).toMatchObject({ status: "paid", attention: [] });
    await expectAdvertisedFor(product.id, 2);
    expect(await ordersPage(orderId)).toMatchObject({ status: "paid", attention: [], events: [idOf(event)] });
  });

  it("Cancel this order expires the session at Stripe first; the buyer can no longer pay it", async () => {
    const { cookie, product, orderId, session } = await checkout();
    const cancelled = await send("/advertise", { cookie, form: { intent: "cancel-order", order: String(orderId) } });
    expect(cancelled.location).toBe(`/advertise?payment=cancelled&order=${orderId}`);
    expect(fake.expireRequests).toContain(session.id);
    expect(fake.sessions.get(session.id)!.status).toBe("expired");
    expect(() => fake.pay(session.id)).toThrow(/cannot be paid/);
    expect((await orderState(orderId)).status).toBe("cancelled");
    // Stripe's own expiry event follows: recorded, nothing changes.
    const event = expiredEvent(fake.sessions.get(session.id)!);
    await deliver(event);
    expect((await orderState(orderId)).status).toBe("cancelled");
    await expectNotAdvertised(product.id);
    expect(await ordersPage(orderId)).toMatchObject({ status: "cancelled", events: [`session:${session.id}:expired`, idOf(event)] });
  });

  it("pay, then cancel: Stripe refuses to expire a paid session, so the order follows the payment", async () => {
    const { cookie, product, orderId, session } = await checkout(3);
    const paid = fake.pay(session.id);
    const answer = await send("/advertise", { cookie, form: { intent: "cancel-order", order: String(orderId) } });
    expect(answer.location).toBe(`/advertise?payment=success&order=${orderId}`);
    expect(fake.sessions.get(session.id)!.status).toBe("complete");
    expect((await orderState(orderId)).status).toBe("paid");
    await expectAdvertisedFor(product.id, 3);
    const before = await placement(product.id);
    // The webhook arrives afterwards: recorded, the placement is not granted twice.
    const event = completed(paid);
    await deliver(event);
    expect(await placement(product.id)).toEqual(before);
    expect(await ordersPage(orderId)).toMatchObject({ status: "paid", attention: [], events: [`session:${session.id}:paid`, idOf(event)] });
  });

  it("a failed expire call changes nothing and says so", async () => {
    const { cookie, orderId, session } = await checkout();
    fake.failNextExpire();
    const answer = await send("/advertise", { cookie, form: { intent: "cancel-order", order: String(orderId) } });
    expect(answer.status).toBe(502);
    expect(answer.body.actionData["routes/advertise"].errors.cancel).toMatch(/could not be cancelled/);
    expect((await orderState(orderId)).status).toBe("pending");
    expect(fake.sessions.get(session.id)!.status).toBe("open");
  });

  it("a payment Stripe reports after the session expired is paid, placed and flagged for an admin", async () => {
    const { product, orderId, session } = await checkout();
    const expired = expiredEvent(session);
    await deliver(expired);
    expect((await orderState(orderId)).status).toBe("cancelled");
    // Stripe's record says the money was taken (e.g. a payment already under way when the session expired).
    const late = completed({ ...session, status: "complete", payment_status: "paid", payment_intent: `pi_late_${orderId}` });
    await deliver(late);
    expect(await orderState(orderId)).toMatchObject({ status: "paid", attention: ["paid after cancel"] });
    await expectAdvertisedFor(product.id, 1);
    expect(await ordersPage(orderId)).toMatchObject({ status: "paid", attention: ["paid after cancel"], events: [idOf(expired), idOf(late)] });
  });
});

describe("refunds and disputes, before or after the payment", () => {
  it("refund first, then the completion: refunded, never advertised", async () => {
    const { product, orderId, session } = await checkout();
    const paid = fake.pay(session.id);
    const refunded = refund(paid.payment_intent!, 4000);
    const answer = await deliver(refunded);
    expect(answer.body).toMatchObject({ received: true, outcome: "processed" });
    // Not yet linked: kept, and shown to the admin as an event for no known order.
    expect((await ordersPage(orderId)).unmatched).toContain(idOf(refunded));
    const event = completed(paid);
    await deliver(event);
    expect((await orderState(orderId)).status).toBe("refunded");
    await expectNotAdvertised(product.id);
    const page = await ordersPage(orderId);
    expect(page).toMatchObject({ status: "refunded", events: [idOf(refunded), idOf(event)] });
    expect(page.unmatched).not.toContain(idOf(refunded));
  });

  it("dispute first, then the completion: disputed, never advertised", async () => {
    const { product, orderId, session } = await checkout(2);
    const paid = fake.pay(session.id);
    const disputed = dispute(paid.payment_intent!, 8000);
    await deliver(disputed);
    const event = completed(paid);
    await deliver(event);
    expect((await orderState(orderId)).status).toBe("disputed");
    await expectNotAdvertised(product.id);
    expect(await ordersPage(orderId)).toMatchObject({ status: "disputed", events: [idOf(disputed), idOf(event)] });
  });

  it("a partial refund keeps the placement and flags the order", async () => {
    const { product, orderId, session } = await checkout(2);
    const paid = fake.pay(session.id);
    const partial = refund(paid.payment_intent!, 8000, 1000);
    await deliver(partial);
    await deliver(completed(paid));
    expect(await orderState(orderId)).toMatchObject({ status: "paid", attention: ["partial refund"] });
    await expectAdvertisedFor(product.id, 2);
  });

  it("a refund of the later of two orders cuts the placement back to the first", async () => {
    const { cookie, product, orderId, session } = await checkout(1);
    const first = fake.pay(session.id);
    await deliver(completed(first));
    const second = await send("/advertise", { cookie, form: { productId: String(product.id), months: "2" } });
    const secondSession = [...fake.sessions.values()].find((s) => s.url === second.location)!;
    const paid = fake.pay(secondSession.id);
    await deliver(completed(paid));
    await expectAdvertisedFor(product.id, 3);
    await deliver(refund(paid.payment_intent!, 8000));
    await expectAdvertisedFor(product.id, 1);
    expect((await orderState(orderId)).status).toBe("paid");
    expect((await placement(product.id)).end).toBe(new Date((await orderState(orderId)).end!).getTime());
  });
});

describe("duplicate, out-of-order and concurrent deliveries", () => {
  /** Every distinct order of delivering completed, refunded and a copy of each. */
  const sequences = [...new Set(permutations(["completed", "refunded", "completed", "refunded"]).map((p) => p.join(",")))].map((p) => p.split(","));

  it.each(sequences.map((s) => [s.join(" → "), s] as const))("%s: refunded, not advertised, every event listed once", async (_name, sequence) => {
    const { product, orderId, session } = await checkout();
    const paid = fake.pay(session.id);
    const events = { completed: completed(paid), refunded: refund(paid.payment_intent!, 4000) };
    for (const kind of sequence) await deliver(events[kind as keyof typeof events]);
    expect((await orderState(orderId)).status).toBe("refunded");
    await expectNotAdvertised(product.id);
    expect((await ordersPage(orderId)).events.sort()).toEqual([idOf(events.completed), idOf(events.refunded)].sort());
  });

  it("parallel copies of one completion pay once: one placement, one event, one 'processed'", async () => {
    const { product, orderId, session } = await checkout(2);
    const event = completed(fake.pay(session.id));
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(event)));
    expect(answers.map((a) => a.body.outcome).sort()).toEqual(["duplicate", "duplicate", "duplicate", "duplicate", "duplicate", "processed"]);
    await expectAdvertisedFor(product.id, 2);
    expect((await ordersPage(orderId)).events).toEqual([idOf(event)]);
  });

  it("a completion and its refund delivered at the same time end refunded", async () => {
    const { product, orderId, session } = await checkout();
    const paid = fake.pay(session.id);
    await Promise.all([deliver(refund(paid.payment_intent!, 4000)), deliver(completed(paid)), deliver(refund(paid.payment_intent!, 4000))]);
    expect((await orderState(orderId)).status).toBe("refunded");
    await expectNotAdvertised(product.id);
    expect((await ordersPage(orderId)).events).toHaveLength(3);
  });

  it("an event for an order we do not know is answered 2xx, kept and shown to the admin", async () => {
    const stray = fake.event("checkout.session.completed", {
      id: "cs_test_not_ours", object: "checkout.session", status: "complete", payment_status: "paid",
      payment_intent: "pi_not_ours", client_reference_id: "999999999", metadata: {}, amount_total: 4000, currency: "usd",
    });
    const answer = await deliver(stray);
    expect(answer.body).toMatchObject({ received: true, outcome: "processed" });
    expect((await deliver(stray)).body.outcome).toBe("duplicate");
    const [row] = await queryRows<{ order_id: number | null; type: string; payload: { id: string } }>(
      getDb(),
      sql`select order_id, type, payload from payment_events where id = ${idOf(stray)}`,
    );
    expect(row).toMatchObject({ order_id: null, type: "checkout.session.completed", payload: { id: idOf(stray) } });
    const page = await send("/admin/orders", { cookie: admin });
    expect(page.body.loaderData["routes/admin.orders"].unmatched.map((e: { id: string }) => e.id)).toContain(idOf(stray));
  });
});

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}
