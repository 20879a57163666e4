import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { mailIdle, setMailSettings } from "~/lib/mail/mail.server";
import { testPayments } from "~/lib/payments/local-providers.server";
import { WebhookSignatureError, type Payments } from "~/lib/payments/provider";
import { stripePayments } from "~/lib/payments/stripe.server";
import { createProduct, createUser } from "../../../../tests/factories";
import { mailsTo } from "../../../../tests/support/eml";
import { startFakeStripe, stripeSignature, type FakeStripe } from "../../../../tests/support/fake-stripe";
import { confirmOnReturn, payTestOrder, startCheckout } from "./checkout.server";
import { findOwnOrder, listPromotableProducts } from "../queries.server";
import { deriveState, placementOf } from "../order-state";
import { handlePaymentEvent } from "./orders.server";
import { DURATION_REQUIRED, INIT_FAILED, PRODUCT_REQUIRED, checkoutSchema, priceFor } from "../promotion";
import { parseForm } from "~/lib/forms";

const SECRET = "whsec_test_promotion";
let fake: FakeStripe;
let stripe: Payments;
let outboxDir = "";

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = stripePayments({ secretKey: "sk_test_fake", webhookSecret: SECRET, apiUrl: fake.base });
  outboxDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "promotion-mail-")), "outbox");
  setMailSettings({ smtpUrl: null, from: "Toolnest <no-reply@localhost>", outboxDir });
});
afterAll(async () => {
  setMailSettings(undefined);
  await fake.close();
});

async function maker() {
  const db = getDb();
  const id = await createUser(db);
  const product = await createProduct(db);
  await db.execute(sql`update products set submitter_id = ${id} where id = ${product.id}`);
  return { user: { id, email: `${id}@example.com` }, product };
}

async function productAd(id: number) {
  const [row] = await queryRows<{ is_advertised: boolean; ad_start_date: string | null; ad_end_date: string | null }>(
    getDb(),
    sql`select is_advertised, to_json(ad_start_date) #>> '{}' as ad_start_date, to_json(ad_end_date) #>> '{}' as ad_end_date from products where id = ${id}`,
  );
  const date = (v: string | null) => (v ? new Date(v) : null);
  return { is_advertised: row!.is_advertised, ad_start_date: date(row!.ad_start_date), ad_end_date: date(row!.ad_end_date) };
}

async function orderStatus(id: number) {
  const [row] = await queryRows<{ status: string }>(getDb(), sql`select status from promotion_orders where id = ${id}`);
  return row?.status;
}

function signed(payload: string, secret = SECRET) {
  return stripeSignature(payload, secret);
}

describe("price and form", () => {
  it("computes 40 a month against 100, the savings and the percent", () => {
    expect(priceFor(1)).toMatchObject({ total: 40, regularTotal: 100, savings: 60, percent: 60 });
    expect(priceFor(3)).toMatchObject({ total: 120, regularTotal: 300, savings: 180, percent: 60 });
  });

  it("requires a duration of at least one month and a product, with the spec's message", () => {
    expect(parseForm(checkoutSchema, { productId: "4", months: "2" })).toEqual({ ok: true, data: { productId: 4, months: 2 } });
    for (const months of [undefined, "", "0", "-1", "1.5", "abc", "999999999", "a\0"]) {
      const parsed = parseForm(checkoutSchema, { productId: "4", ...(months === undefined ? {} : { months }) });
      expect(parsed.ok ? null : parsed.errors.months, String(months)).toBe(DURATION_REQUIRED);
    }
    const parsed = parseForm(checkoutSchema, { productId: ["1", "2"], months: "1" });
    expect(parsed.ok ? null : parsed.errors.productId).toBe(PRODUCT_REQUIRED);
  });
});

describe("order state and placement, from facts alone", () => {
  const fact = (kind: string, extra: Partial<{ paid: boolean; full_refund: boolean; amount: number; currency: string }> = {}) => ({
    kind, paid: false, full_refund: false, amount: null, currency: null, ...extra,
  });
  const order = { total: 40, currency: "usd" };
  it("is the same in every order of the same events", () => {
    const paid = fact("checkout.completed", { paid: true, amount: 4000, currency: "usd" });
    const cases: [ReturnType<typeof fact>[], string, string[]][] = [
      [[], "pending", []],
      [[fact("checkout.completed")], "pending", []],
      [[paid], "paid", []],
      [[fact("checkout.expired")], "cancelled", []],
      [[fact("checkout.expired"), paid], "paid", ["paid after cancel"]],
      [[paid, fact("refunded", { full_refund: true })], "refunded", []],
      [[paid, fact("refunded", { amount: 100 })], "paid", ["partial refund"]],
      [[paid, fact("disputed"), fact("refunded", { full_refund: true })], "disputed", []],
      [[fact("checkout.completed", { paid: true, amount: 1, currency: "usd" })], "paid", ["amount mismatch"]],
    ];
    for (const [events, status, attention] of cases) {
      for (const sequence of [events, [...events].reverse()]) expect(deriveState(order, sequence), JSON.stringify(sequence)).toEqual({ status, attention });
    }
  });

  it("places a product for the last run of touching windows", () => {
    const d = (day: number) => new Date(Date.UTC(2030, 0, day));
    expect(placementOf([])).toBeNull();
    expect(placementOf([{ start: d(31), end: d(61) }, { start: d(1), end: d(31) }])).toEqual({ start: d(1), end: d(61) });
    expect(placementOf([{ start: d(1), end: d(10) }, { start: d(20), end: d(30) }])).toEqual({ start: d(20), end: d(30) });
  });
});

describe("checkout through Stripe (fake server)", () => {
  it("writes a pending order at the server's price and asks Stripe for that amount", async () => {
    const { user, product } = await maker();
    expect((await listPromotableProducts(getDb(), user.id)).map((p) => p.id)).toEqual([product.id]);
    const result = await startCheckout(getDb(), user, { productId: product.id, months: 3 }, stripe);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.url).toMatch(new RegExp(`^${fake.base}/pay/cs_test_`));
    const fields = fake.created.at(-1)!;
    expect(fields["line_items[0][price_data][unit_amount]"]).toBe("4000");
    expect(fields["line_items[0][quantity]"]).toBe("3");
    expect(fields.client_reference_id).toBe(String(result.orderId));
    expect(fields.success_url).toMatch(new RegExp(`/advertise\\?payment=success&order=${result.orderId}$`));
    const order = await findOwnOrder(getDb(), user.id, result.orderId);
    expect(order).toMatchObject({ status: "pending", months: 3, total: 120, unit_price: 40, provider: "stripe" });
    // Another user's order is not found.
    expect(await findOwnOrder(getDb(), "someone-else", result.orderId)).toBeNull();
  });

  it("refuses another user's, a draft or a missing product, and cancels the order when Stripe fails", async () => {
    const { user } = await maker();
    const other = await maker();
    const draft = await createProduct(getDb(), { status: "draft" });
    await getDb().execute(sql`update products set submitter_id = ${user.id} where id = ${draft.id}`);
    for (const productId of [other.product.id, draft.id, 2_000_000_000]) {
      expect(await startCheckout(getDb(), user, { productId, months: 1 }, stripe)).toEqual({ ok: false, field: "productId", message: PRODUCT_REQUIRED });
    }
    fake.failNextCreate();
    expect(await startCheckout(getDb(), other.user, { productId: other.product.id, months: 1 }, stripe)).toEqual({ ok: false, field: "form", message: INIT_FAILED });
    const [row] = await queryRows<{ status: string }>(getDb(), sql`select status from promotion_orders where product_id = ${other.product.id}`);
    expect(row?.status).toBe("cancelled");
  });

  it("fulfils only on a verified webhook, once per event id, and schedules start + months x 30 days", async () => {
    const { user, product } = await maker();
    const result = await startCheckout(getDb(), user, { productId: product.id, months: 2 }, stripe);
    if (!result.ok) throw new Error("checkout failed");
    const sessionId = [...fake.sessions.values()].find((s) => s.client_reference_id === String(result.orderId))!.id;

    // Unpaid session, a bad signature, another secret, a stale timestamp: nothing happens.
    const unpaid = fake.event("checkout.session.completed", fake.sessions.get(sessionId));
    expect(() => stripe.parseWebhook(unpaid, "t=1,v1=deadbeef")).toThrow(WebhookSignatureError);
    expect(() => stripe.parseWebhook(unpaid, signed(unpaid, "whsec_other"))).toThrow(WebhookSignatureError);
    expect(() => stripe.parseWebhook(unpaid, stripeSignature(unpaid, SECRET, Math.floor(Date.now() / 1000) - 3600))).toThrow(WebhookSignatureError);
    expect(() => stripe.parseWebhook(unpaid, null)).toThrow(WebhookSignatureError);
    expect(await orderStatus(result.orderId)).toBe("pending");
    expect((await productAd(product.id)).is_advertised).toBe(false);

    const paid = fake.event("checkout.session.completed", fake.pay(sessionId));
    const before = Date.now();
    expect(await handlePaymentEvent(getDb(), stripe.parseWebhook(paid, signed(paid)))).toBe("processed");
    const ad = await productAd(product.id);
    expect(ad.is_advertised).toBe(true);
    expect(ad.ad_start_date!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(ad.ad_end_date!.getTime() - ad.ad_start_date!.getTime()).toBe(60 * 24 * 60 * 60 * 1000);
    expect(await orderStatus(result.orderId)).toBe("paid");

    // The same event again changes nothing.
    await getDb().execute(sql`update products set ad_end_date = ad_end_date + interval '1 day' where id = ${product.id}`);
    const moved = await productAd(product.id);
    expect(await handlePaymentEvent(getDb(), stripe.parseWebhook(paid, signed(paid)))).toBe("duplicate");
    expect(await productAd(product.id)).toEqual(moved);

    await mailIdle();
    const mails = mailsTo(outboxDir, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("receipt");
    expect(mails[0]!.text).toContain("Total paid: $80");
  });

  it("ends the placement on a refund or a dispute", async () => {
    for (const type of ["charge.refunded", "charge.dispute.created"]) {
      const { user, product } = await maker();
      const result = await startCheckout(getDb(), user, { productId: product.id, months: 1 }, stripe);
      if (!result.ok) throw new Error("checkout failed");
      const session = fake.pay([...fake.sessions.values()].find((s) => s.client_reference_id === String(result.orderId))!.id);
      const completed = fake.event("checkout.session.completed", session);
      await handlePaymentEvent(getDb(), stripe.parseWebhook(completed, signed(completed)));
      expect((await productAd(product.id)).is_advertised).toBe(true);
      const ended = fake.event(type, type === "charge.refunded"
          ? { id: "ch_test_1", object: "charge", payment_intent: session.payment_intent, amount: 4000, amount_refunded: 4000, refunded: true, currency: "usd" }
          : { id: "dp_test_1", object: "dispute", payment_intent: session.payment_intent, amount: 4000, currency: "usd", status: "needs_response" });
      expect(await handlePaymentEvent(getDb(), stripe.parseWebhook(ended, signed(ended)))).toBe("processed");
      const ad = await productAd(product.id);
      expect(ad.is_advertised, type).toBe(false);
      expect(ad.ad_end_date!.getTime()).toBeLessThanOrEqual(Date.now());
      expect(await orderStatus(result.orderId)).toBe(type === "charge.refunded" ? "refunded" : "disputed");
    }
  });

  it("on return, retrieves the session on the server: unpaid changes nothing, paid fulfils", async () => {
    const { user, product } = await maker();
    const result = await startCheckout(getDb(), user, { productId: product.id, months: 1 }, stripe);
    if (!result.ok) throw new Error("checkout failed");
    await confirmOnReturn(getDb(), (await findOwnOrder(getDb(), user.id, result.orderId))!, stripe);
    expect(await orderStatus(result.orderId)).toBe("pending");
    expect((await productAd(product.id)).is_advertised).toBe(false);
    fake.pay([...fake.sessions.values()].find((s) => s.client_reference_id === String(result.orderId))!.id);
    await confirmOnReturn(getDb(), (await findOwnOrder(getDb(), user.id, result.orderId))!, stripe);
    expect(await orderStatus(result.orderId)).toBe("paid");
    expect((await productAd(product.id)).is_advertised).toBe(true);
  });
});

describe("test-mode checkout", () => {
  it("pays through the same fulfilment, and a second order extends the running placement", async () => {
    const { user, product } = await maker();
    const provider = testPayments();
    const first = await startCheckout(getDb(), user, { productId: product.id, months: 1 }, provider);
    if (!first.ok) throw new Error("checkout failed");
    expect(first.url).toBe(`/advertise/checkout/${first.orderId}`);
    const firstOrder = (await findOwnOrder(getDb(), user.id, first.orderId))!;
    expect(await payTestOrder(getDb(), firstOrder)).toBe(true);
    expect(await payTestOrder(getDb(), firstOrder)).toBe(false);
    const afterFirst = await productAd(product.id);
    const second = await startCheckout(getDb(), user, { productId: product.id, months: 2 }, provider);
    if (!second.ok) throw new Error("checkout failed");
    await payTestOrder(getDb(), (await findOwnOrder(getDb(), user.id, second.orderId))!);
    const afterSecond = await productAd(product.id);
    expect(afterSecond.ad_start_date).toEqual(afterFirst.ad_start_date);
    expect(afterSecond.ad_end_date!.getTime() - afterFirst.ad_end_date!.getTime()).toBe(60 * 24 * 60 * 60 * 1000);
    expect(() => provider.parseWebhook("{}", "t=1,v1=x")).toThrow(WebhookSignatureError);
  });
});
