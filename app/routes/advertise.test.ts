/**
 * /advertise and the test-mode checkout through the real Express app (data-only build: the loaders'
 * and actions' answers as JSON), with the test payment provider (no STRIPE_SECRET_KEY).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { DURATION_REQUIRED, PRODUCT_REQUIRED } from "~/features/promotion/promotion";
import { testPayments } from "~/lib/payments/local-providers.server";
import { setPayments } from "~/lib/payments/payments.server";
import * as advertiseModule from "~/routes/advertise";
import * as checkoutModule from "~/routes/advertise.checkout.$order";
import { createProduct } from "../../tests/factories";
import { signedInCookie } from "../../tests/support/auth";
import { serveSitePages } from "../../tests/support/data-server";
import { dataRequest, type DataAnswer, type DataRequestInit } from "../../tests/support/data-request";

const site = serveSitePages([
  { id: "routes/advertise", path: "advertise", module: advertiseModule },
  { id: "routes/advertise.checkout.$order", path: "advertise/checkout/:order", module: checkoutModule },
]);
beforeAll(() => setPayments(testPayments()));
afterAll(() => setPayments(undefined));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON of several routes' answers, read field by field
type Body = { loaderData: Record<string, any>; actionData: Record<string, any> | null };
type Answer = DataAnswer<Body>;
const request = (path: string, init: DataRequestInit = {}) => dataRequest<Body>(site.base, path, init);

async function member(name: string) {
  const email = `${name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
  const cookie = await signedInCookie(email);
  const [row] = await queryRows<{ id: string }>(getDb(), sql`select id from "user" where email = ${email}`);
  const product = await createProduct(getDb());
  await getDb().execute(sql`update products set submitter_id = ${row!.id} where id = ${product.id}`);
  return { cookie, id: row!.id, product };
}

async function isAdvertised(id: number) {
  const [row] = await queryRows<{ is_advertised: boolean }>(getDb(), sql`select is_advertised from products where id = ${id}`);
  return row!.is_advertised;
}

const page = (answer: Answer) => answer.body!.loaderData["routes/advertise"];

describe("/advertise", () => {
  it("is public; a member sees their live products", async () => {
    const anonymous = await request("/advertise");
    expect(anonymous.status).toBe(200);
    expect(page(anonymous)).toMatchObject({ signedIn: false, products: [], notice: null, testMode: true });
    const me = await member("advertiser");
    const mine = await request("/advertise", { cookie: me.cookie });
    expect(page(mine).products.map((p: { id: number }) => p.id)).toEqual([me.product.id]);
  });

  it("validates on the server, pays only through checkout, and a forged success changes nothing", async () => {
    const me = await member("buyer");
    const other = await member("other");
    for (const [form, field, message] of [
      [{ productId: String(me.product.id), months: "0" }, "months", DURATION_REQUIRED],
      [{ productId: String(me.product.id) }, "months", DURATION_REQUIRED],
      [{ productId: String(other.product.id), months: "1" }, "productId", PRODUCT_REQUIRED],
      [{ productId: "99999999999999999999", months: "1" }, "productId", PRODUCT_REQUIRED],
    ] as const) {
      const refused = await request("/advertise", { cookie: me.cookie, form });
      expect(refused.status, JSON.stringify(form)).toBe(400);
      expect(refused.body!.actionData!["routes/advertise"].errors[field]).toBe(message);
    }
    const started = await request("/advertise", { cookie: me.cookie, form: { productId: String(me.product.id), months: "2", total: "0" } });
    expect(started.status).toBe(302);
    const orderId = Number(/^\/advertise\/checkout\/(\d+)$/.exec(started.location!)![1]);
    const [order] = await queryRows<{ total: number; status: string }>(getDb(), sql`select total, status from promotion_orders where id = ${orderId}`);
    expect(order).toEqual({ total: 80, status: "pending" });

    // The success address alone: pending, nothing advertised.
    const forged = await request(`/advertise?payment=success&order=${orderId}`, { cookie: me.cookie });
    expect(page(forged).notice).toMatchObject({ kind: "pending" });
    expect(await isAdvertised(me.product.id)).toBe(false);

    // Another member can neither see nor pay it.
    expect((await request(`/advertise/checkout/${orderId}`, { cookie: other.cookie })).status).toBe(404);
    expect((await request(`/advertise/checkout/${orderId}`, { cookie: other.cookie, form: { intent: "pay" } })).status).toBe(404);
    expect(page(await request(`/advertise?payment=success&order=${orderId}`, { cookie: other.cookie })).notice).toBeNull();
    for (const bad of ["abc", "0x1", "-1", "99999999999"]) {
      expect((await request(`/advertise/checkout/${bad}`, { cookie: me.cookie })).status, bad).toBe(404);
    }

    const checkout = await request(`/advertise/checkout/${orderId}`, { cookie: me.cookie });
    expect(checkout.status).toBe(200);
    const paid = await request(`/advertise/checkout/${orderId}`, { cookie: me.cookie, form: { intent: "pay" } });
    expect(paid.location).toBe(`/advertise?payment=success&order=${orderId}`);
    expect(await isAdvertised(me.product.id)).toBe(true);
    expect(page(await request(paid.location!, { cookie: me.cookie })).notice).toMatchObject({ kind: "paid", order: { id: orderId, months: 2, total: 80 } });
  });

  it("the cancel address changes nothing; the buyer's Cancel this order (POST) cancels it, and then it cannot be paid", async () => {
    const me = await member("canceller");
    const other = await member("stranger");
    const started = await request("/advertise", { cookie: me.cookie, form: { productId: String(me.product.id), months: "1" } });
    const orderId = Number(started.location!.split("/").pop());
    const status = async () => (await queryRows<{ status: string }>(getDb(), sql`select status from promotion_orders where id = ${orderId}`))[0]!.status;

    // Back from the checkout through the cancel address (a GET, twice): still pending, with a way to cancel.
    for (let visit = 0; visit < 2; visit++) {
      const returned = await request(`/advertise?payment=cancelled&order=${orderId}`, { cookie: me.cookie });
      expect(page(returned).notice).toMatchObject({ kind: "returned", order: { id: orderId, total: 40 } });
      expect(await status()).toBe("pending");
    }
    // Someone else's, made-up or malformed orders: 404, and nothing changes.
    for (const [cookie, order] of [[other.cookie, String(orderId)], [me.cookie, "999999999"], [me.cookie, "abc"], [me.cookie, ""]] as const) {
      const refused = await request("/advertise", { cookie, form: { intent: "cancel-order", order } });
      expect(refused.status, order).toBe(404);
    }
    expect(page(await request(`/advertise?payment=cancelled&order=${orderId}`, { cookie: other.cookie })).notice).toBeNull();
    expect(await status()).toBe("pending");

    const cancelled = await request("/advertise", { cookie: me.cookie, form: { intent: "cancel-order", order: String(orderId) } });
    expect(cancelled.status).toBe(302);
    expect(cancelled.location).toBe(`/advertise?payment=cancelled&order=${orderId}`);
    expect(page(await request(cancelled.location!, { cookie: me.cookie })).notice).toMatchObject({ kind: "cancelled", order: { id: orderId } });
    expect(await status()).toBe("cancelled");
    // A cancelled order cannot be paid afterwards.
    await request(`/advertise/checkout/${orderId}`, { cookie: me.cookie, form: { intent: "pay" } });
    expect(await isAdvertised(me.product.id)).toBe(false);
    expect(await status()).toBe("cancelled");
  });
});
