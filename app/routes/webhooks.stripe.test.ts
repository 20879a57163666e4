/** POST /webhooks/stripe through the real server (Express, input guards, React Router) against the fake Stripe. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { startCheckout } from "~/features/promotion/mutations/checkout.server";
import { setPayments } from "~/lib/payments/payments.server";
import type { Payments } from "~/lib/payments/provider";
import { stripePayments } from "~/lib/payments/stripe.server";
import * as rootModule from "~/root";
import { createProduct, createUser } from "../../tests/factories";
import { dataOnlyBuild, startDataServer } from "../../tests/support/data-server";
import { startFakeStripe, stripeSignature, type FakeStripe } from "../../tests/support/fake-stripe";
import * as webhook from "./webhooks.stripe";

const SECRET = "whsec_route_test";
let fake: FakeStripe;
let stripe: Payments;
let server: { base: string; close: () => Promise<unknown> };

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = stripePayments({ secretKey: "sk_test_route", webhookSecret: SECRET, apiUrl: fake.base });
  setPayments(stripe);
  server = await startDataServer(
    dataOnlyBuild([
      { id: "root", path: "", module: rootModule },
      { id: "routes/webhooks.stripe", parentId: "root", path: "webhooks/stripe", module: webhook },
    ]),
  );
});
afterAll(async () => {
  setPayments(undefined);
  await server.close();
  await fake.close();
});

function post(body: string, signature: string | null) {
  const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8" };
  if (signature !== null) headers["Stripe-Signature"] = signature;
  return fetch(`${server.base}/webhooks/stripe`, { method: "POST", body, headers });
}

async function advertised(id: number) {
  const [row] = await queryRows<{ is_advertised: boolean; end: string | null }>(
    getDb(),
    sql`select is_advertised, to_json(ad_end_date) #>> '{}' as end from products where id = ${id}`,
  );
  return row!;
}

describe("POST /webhooks/stripe", () => {
  it("refuses a missing or wrong signature with 400 and changes nothing; a verified event fulfils once", async () => {
    const db = getDb();
    const userId = await createUser(db);
    const product = await createProduct(db);
    await db.execute(sql`update products set submitter_id = ${userId} where id = ${product.id}`);
    const started = await startCheckout(db, { id: userId, email: `${userId}@example.com` }, { productId: product.id, months: 1 }, stripe);
    if (!started.ok) throw new Error("checkout failed");
    const session = fake.pay([...fake.sessions.values()].find((s) => s.client_reference_id === String(started.orderId))!.id);
    const body = fake.event("checkout.session.completed", session);

    for (const signature of [null, "", "t=1,v1=00", stripeSignature(body, "whsec_wrong"), stripeSignature(`${body} `, SECRET)]) {
      const refused = await post(body, signature);
      expect(refused.status, String(signature)).toBe(400);
    }
    expect((await advertised(product.id)).is_advertised).toBe(false);

    const accepted = await post(body, stripeSignature(body, SECRET));
    expect(accepted.status).toBe(200);
    const first = await advertised(product.id);
    expect(first.is_advertised).toBe(true);

    // Stripe retries deliver the same event id: 200, nothing changes.
    const replay = await post(body, stripeSignature(body, SECRET));
    expect(replay.status).toBe(200);
    expect(await advertised(product.id)).toEqual(first);
    const [{ n }] = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from promotion_orders where id = ${started.orderId} and status = 'paid'`)) as [{ n: number }];
    expect(n).toBe(1);
  });

  it("answers 400, not 5xx, to a signed body that is not an event, and 405 to GET", async () => {
    for (const body of ["not json", "{}", '{"id":1,"type":["x"]}']) {
      const response = await post(body, stripeSignature(body, SECRET));
      expect(response.status, body).toBeLessThan(500);
    }
    expect((await fetch(`${server.base}/webhooks/stripe`)).status).toBe(405);
  });
});
