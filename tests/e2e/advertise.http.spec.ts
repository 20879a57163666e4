import { expect, test } from "@playwright/test";

// The e2e server runs without Stripe (test mode): its webhook hears nothing, and never errs.
test("POST /webhooks/stripe takes JSON but refuses an unsigned or badly signed event with 400; GET is 405", async ({ request }) => {
  const body = JSON.stringify({ id: "evt_forged", object: "event", type: "checkout.session.completed", data: { object: { id: "cs_x", client_reference_id: "1", payment_status: "paid" } } });
  const signatures: Record<string, string>[] = [{}, { "Stripe-Signature": "t=1,v1=deadbeef" }, { "Stripe-Signature": "garbage" }];
  for (const headers of signatures) {
    const response = await request.post("/webhooks/stripe", { data: body, headers: { "Content-Type": "application/json", ...headers } });
    expect(response.status()).toBe(400);
  }
  // Other pages still take forms only.
  const json = await request.post("/advertise", { data: body, headers: { "Content-Type": "application/json" } });
  expect(json.status()).toBe(415);
  expect((await request.get("/webhooks/stripe")).status()).toBe(405);
});

test("the test-mode checkout and the admin orders page are not for the signed out", async ({ request }) => {
  const checkout = await request.get("/advertise/checkout/1", { maxRedirects: 0 });
  expect(checkout.status()).toBe(302);
  expect(checkout.headers().location).toMatch(/^\/auth\?redirectTo=/);
  const orders = await request.get("/admin/orders", { maxRedirects: 0 });
  expect([302, 303]).toContain(orders.status());
  const forged = await request.get("/advertise?payment=success&order=1");
  expect(forged.status()).toBe(200);
  expect(await forged.text()).not.toContain("Payment Successful");
});
