import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
import { APP_URL, localSettings } from "../../../tests/support/auth";
import { CLIENT_IP_HEADER, getAuth, setAuthSettings } from "./auth.server";

beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));

function signInAttempt(ip: string) {
  return getAuth().handler(
    new Request(`${APP_URL}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: APP_URL, [CLIENT_IP_HEADER]: ip },
      body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password" }),
    }),
  );
}

describe("Better Auth rate limits (database storage)", () => {
  it("answers 429 after a few sign-in attempts from one address, counted in auth_rate_limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await signInAttempt("203.0.113.7")).status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    expect((await signInAttempt("203.0.113.8")).status).toBe(401);
    const rows = await queryRows<{ key: string }>(getDb(), sql`select key from auth_rate_limit`);
    expect(rows.some((r) => r.key.includes("203.0.113.7"))).toBe(true);
  });

  it("refuses a cross-site POST to Better Auth's endpoints", async () => {
    const response = await getAuth().handler(
      new Request(`${APP_URL}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "https://evil.example", Cookie: "a=b", [CLIENT_IP_HEADER]: "203.0.113.9" },
        body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password" }),
      }),
    );
    expect(response.status).toBe(403);
  });
});
