import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { testModeAllowed } from "./local-providers.server";
import { paymentsFromEnv } from "./payments.server";
import type { CheckoutRequest } from "./provider";

const checkout: CheckoutRequest = {
  orderId: 7,
  productName: "Example",
  months: 2,
  unitAmountCents: 4000,
  currency: "usd",
  customerEmail: "buyer@example.com",
  successUrl: "https://toolnest.example.com/advertise?payment=success&order=7",
  cancelUrl: "https://toolnest.example.com/advertise?payment=cancelled&order=7",
};

describe("the payment provider without Stripe", () => {
  it("is the free test-mode checkout only on a local APP_URL, or when explicitly turned on", () => {
    expect(testModeAllowed(parseEnv({ APP_URL: "http://localhost:3000" }))).toBe(true);
    expect(testModeAllowed(parseEnv({ APP_URL: "http://127.0.0.1:8080" }))).toBe(true);
    expect(testModeAllowed(parseEnv({ APP_URL: "https://toolnest.example.com" }))).toBe(false);
    expect(testModeAllowed(parseEnv({ APP_URL: "https://toolnest.example.com", PAYMENTS_TEST_MODE: "on" }))).toBe(true);
    expect(testModeAllowed(parseEnv({ APP_URL: "http://localhost:3000", PAYMENTS_TEST_MODE: "off" }))).toBe(false);
  });

  it("on a public server refuses to start a checkout rather than hand out promotion for free", async () => {
    const provider = paymentsFromEnv(parseEnv({ APP_URL: "https://toolnest.example.com" }));
    expect(provider.provider).toBe("none");
    await expect(provider.createCheckout(checkout)).rejects.toThrow(/No payment provider/);
    expect(paymentsFromEnv(parseEnv({ APP_URL: "http://localhost:3000" })).provider).toBe("test");
  });
});
