import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { APP_URL, localSettings } from "../../../tests/support/auth";
import { CLIENT_IP_HEADER } from "~/lib/http/headers";
import { getAuth, setAuthSettings } from "./auth.server";

beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));

/** Better Auth's general rule (auth.server.ts): 100 requests a minute per address and path. */
const LIMIT = 100;

function sessionRead(ip: string) {
  return getAuth().handler(new Request(`${APP_URL}/api/auth/get-session`, { headers: { [CLIENT_IP_HEADER]: ip } }));
}

describe("Better Auth rate limits (database storage)", () => {
  it("answers 429 past the limit from one address, counted in auth_rate_limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1) statuses.push((await sessionRead("203.0.113.7")).status);
    expect(new Set(statuses.slice(0, LIMIT))).toEqual(new Set([200]));
    expect(statuses.at(-1)).toBe(429);
    expect((await sessionRead("203.0.113.8")).status).toBe(200);
    const rows = await queryRows<{ key: string }>(getDb(), sql`select key from auth_rate_limit`);
    expect(rows.some((r) => r.key.includes("203.0.113.7"))).toBe(true);
  });

  it("refuses a cross-site POST to Better Auth's endpoints", async () => {
    const response = await getAuth().handler(
      new Request(`${APP_URL}/api/auth/sign-out`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "https://evil.example", Cookie: "a=b", [CLIENT_IP_HEADER]: "203.0.113.9" },
        body: "{}",
      }),
    );
    expect(response.status).toBe(403);
  });
});
