import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { PEER_ADDRESS_HEADER } from "~/lib/http/headers";
import * as devRoute from "~/routes/auth.dev";
import * as authRoute from "~/routes/auth";
import { cookieHeader, formRequest, localSettings } from "../../tests/support/auth";
import { getAuth, setAuthSettings } from "~/domain/auth/auth.server";
import { DEV_SIGN_IN_REFUSALS } from "~/domain/auth/dev-sign-in.server";
import { isAdmin } from "~/domain/auth/session.server";
import { devSignIn } from "~/features/auth/requests.server";

afterAll(() => setAuthSettings(undefined));

const google = { clientId: "client", clientSecret: "secret", discoveryUrl: "http://127.0.0.1:1/.well-known/openid-configuration" };
const args = (request: Request) => ({ request, params: {}, context: {} }) as never;

/** A request as the server hands it over: the socket's address in the peer header. */
function fromPeer(request: Request, peer = "127.0.0.1"): Request {
  request.headers.set(PEER_ADDRESS_HEADER, peer);
  return request;
}
const devPost = (fields: Record<string, string>, peer = "127.0.0.1", origin?: string) =>
  fromPeer(formRequest("/auth/dev", fields, { origin }), peer);

async function outcome(run: () => unknown): Promise<{ status: number; body: unknown; response: Response | null }> {
  try {
    const result = await run();
    if (result instanceof Response) return { status: result.status, body: null, response: result };
    const init = (result as { init?: { status?: number } | null }).init;
    return { status: init?.status ?? 200, body: (result as { data?: unknown }).data ?? result, response: null };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, body: null, response: error };
    const thrown = error as { init?: { status?: number }; data?: unknown };
    if (thrown.init?.status) return { status: thrown.init.status, body: thrown.data, response: null };
    throw error;
  }
}
const status = async (run: () => unknown) => (await outcome(run)).status;

describe("development sign-in is refused unless it is on, and on for this request", () => {
  it.each([
    ["Google is configured", localSettings({ google })],
    ["Google is configured, even with DEV_SIGN_IN=on", localSettings({ google, devSignIn: "on" })],
    ["APP_URL is not local", localSettings({ appUrl: "https://toolnest.example" })],
    ["DEV_SIGN_IN=off", localSettings({ devSignIn: "off" })],
  ])("404 when %s", async (_, settings) => {
    setAuthSettings(settings);
    expect(await status(() => devRoute.loader(args(fromPeer(new Request(`${settings.appUrl}/auth/dev`)))))).toBe(404);
    expect(await status(() => devRoute.action(args(devPost({ email: "x@example.com", redirectTo: "/" }, "127.0.0.1", settings.appUrl))))).toBe(404);
    expect(await status(() => devSignIn("x@example.com"))).toBe(404);
    // Not reachable over HTTP either: the endpoint is server-only.
    const http = await getAuth().handler(
      new Request(`${settings.appUrl}/api/auth/toolnest/dev-sign-in`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: settings.appUrl },
        body: JSON.stringify({ email: "x@example.com" }),
      }),
    );
    expect(http.status).toBe(404);
  });

  it.each(["192.168.1.20", "::ffff:10.0.0.7", "2001:db8::1", ""])("404 for a request from %j although APP_URL is local", async (peer) => {
    setAuthSettings(localSettings());
    expect(await status(() => devRoute.loader(args(fromPeer(new Request("http://localhost:3000/auth/dev"), peer))))).toBe(404);
    expect(await status(() => devRoute.action(args(devPost({ email: "far@example.com" }, peer))))).toBe(404);
    // The Google button does not lead there either: /auth says sign-in is not configured.
    expect(await status(() => authRoute.action(args(fromPeer(formRequest("/auth", { redirectTo: "/" }), peer))))).toBe(503);
    const page = await outcome(() => authRoute.loader(args(fromPeer(new Request("http://localhost:3000/auth"), peer))));
    expect(page.body).toMatchObject({ available: false });
  });

  it.each(["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])("is on for the loopback peer %s", async (peer) => {
    setAuthSettings(localSettings());
    expect(await status(() => devRoute.loader(args(fromPeer(new Request("http://localhost:3000/auth/dev"), peer))))).toBe(200);
  });

  it("DEV_SIGN_IN=on opens it to every address and to a public APP_URL, still only without Google", async () => {
    setAuthSettings(localSettings({ appUrl: "https://staging.toolnest.example", devSignIn: "on" }));
    const page = await outcome(() => devRoute.loader(args(fromPeer(new Request("https://staging.toolnest.example/auth/dev"), "203.0.113.5"))));
    expect(page).toMatchObject({ status: 200, body: { everyone: true } });
    const start = await outcome(() => authRoute.action(args(fromPeer(formRequest("/auth", { redirectTo: "/x" }), "203.0.113.5"))));
    expect(start.response?.headers.get("Location")).toBe("/auth/dev?redirectTo=%2Fx");
  });
});

describe("development sign-in on this machine", () => {
  it("signs a new address in and redirects to a safe path only", async () => {
    setAuthSettings(localSettings());
    // A first sign-in is offered onboarding first, carrying the path (decision 049).
    const ok = await outcome(() => devRoute.action(args(devPost({ email: "dev@example.com", redirectTo: "/profile" }))));
    expect(ok.response?.headers.get("Location")).toBe("/onboarding?redirectTo=%2Fprofile");
    expect(ok.response?.headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token="))).toBe(true);

    const evil = await outcome(() => devRoute.action(args(devPost({ email: "dev@example.com", redirectTo: "//evil.example" }))));
    expect(evil.response?.headers.get("Location")).toBe("/onboarding");

    const bad = await outcome(() => devRoute.action(args(devPost({ email: "not-an-email", redirectTo: "/" }))));
    expect(bad.status).toBe(400);
  });

  it("refuses a cross-site POST", async () => {
    setAuthSettings(localSettings());
    expect(await status(() => devRoute.action(args(devPost({ email: "dev@example.com" }, "127.0.0.1", "https://evil.example"))))).toBe(403);
  });

  it("signs a user it made itself in again, with the same user and no new account", async () => {
    setAuthSettings(localSettings());
    const first = await devSignIn("again@example.com");
    const second = await devSignIn("Again@Example.com");
    expect(first.ok && second.ok).toBe(true);
    const rows = await queryRows<{ provider_id: string }>(
      getDb(),
      sql`select a.provider_id from account a join "user" u on u.id = a.user_id where u.email = 'again@example.com'`,
    );
    expect(rows).toEqual([{ provider_id: "dev" }]);
  });

  it("refuses an address with a password (an admin's, say) and leaves the account and its rights alone", async () => {
    setAuthSettings(localSettings());
    await getAuth().api.signUpEmail({ body: { email: "owner@example.com", password: "owner-password", name: "Owner" } });
    await getDb().execute(sql`insert into admin_users (email) values ('owner@example.com')`);
    const before = await accountsOf("owner@example.com");

    const refused = await outcome(() => devRoute.action(args(devPost({ email: "Owner@example.com", redirectTo: "/admin/dashboard" }))));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: DEV_SIGN_IN_REFUSALS.password });
    expect(await accountsOf("owner@example.com")).toEqual(before);
    expect(await sessionsOf("owner@example.com")).toBe(1); // only sign-up's own

    const { response } = await getAuth().api.signInEmail({ body: { email: "owner@example.com", password: "owner-password" }, returnHeaders: true });
    expect(await isAdmin(response.user)).toBe(true);
  });

  it("refuses an address listed as an administrator that has no account yet", async () => {
    setAuthSettings(localSettings());
    await getDb().execute(sql`insert into admin_users (email) values ('future.admin@example.com')`);
    expect(await devSignIn("future.admin@example.com")).toEqual({ ok: false, status: 403, error: DEV_SIGN_IN_REFUSALS.admin });
    expect(await accountsOf("future.admin@example.com")).toEqual([]);
  });

  it("refuses an address that signs in with Google, without linking a dev account to it", async () => {
    setAuthSettings(localSettings());
    const [{ id }] = (await queryRows<{ id: string }>(
      getDb(),
      sql`insert into "user" (id, name, email) values ('google-user', 'G', 'google.user@example.com') returning id`,
    )) as [{ id: string }];
    await getDb().execute(sql`insert into account (id, account_id, provider_id, user_id) values ('acc-google', 'sub-1', 'google', ${id})`);
    expect(await devSignIn("google.user@example.com")).toEqual({ ok: false, status: 403, error: DEV_SIGN_IN_REFUSALS.otherAccount });
    expect(await accountsOf("google.user@example.com")).toEqual(["google"]);
    expect(await sessionsOf("google.user@example.com")).toBe(0);
  });
});

async function accountsOf(email: string): Promise<string[]> {
  const rows = await queryRows<{ provider_id: string }>(
    getDb(),
    sql`select a.provider_id from account a join "user" u on u.id = a.user_id where u.email = ${email} order by 1`,
  );
  return rows.map((r) => r.provider_id);
}

async function sessionsOf(email: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from session s join "user" u on u.id = s.user_id where u.email = ${email}`);
  return row!.n;
}

describe("the Google button locally", () => {
  it("/auth sends it to the development screen, and a signed-in visitor to a safe path", async () => {
    setAuthSettings(localSettings());
    const start = await outcome(() => authRoute.action(args(fromPeer(formRequest("/auth", { redirectTo: "/claim-product" })))));
    expect(start.response?.headers.get("Location")).toBe("/auth/dev?redirectTo=%2Fclaim-product");

    const signed = await devSignIn("visitor@example.com");
    if (!signed.ok) throw new Error(signed.error);
    const cookie = cookieHeader(signed.headers.getSetCookie());
    const first = await outcome(() => authRoute.loader(args(new Request("http://localhost:3000/auth?redirectTo=%2Fprofile", { headers: { Cookie: cookie } }))));
    expect(first.response?.headers.get("Location")).toBe("/onboarding?redirectTo=%2Fprofile");
    // Once onboarding is skipped, the sign-in goes straight to the path.
    await getDb().execute(sql`update profiles set onboarding_skipped_at = now() where email = 'visitor@example.com'`);
    for (const [query, expected] of [
      ["?redirectTo=%2Fprofile", "/profile"],
      ["?redirectTo=%2F%2Fevil.example", "/"],
      ["?redirectTo=%2F%E2%82%AC", "/%E2%82%AC"],
      ["", "/"],
    ] as const) {
      const request = new Request(`http://localhost:3000/auth${query}`, { headers: { Cookie: cookie } });
      const result = await outcome(() => authRoute.loader(args(request)));
      expect(result.status).toBe(302);
      expect(result.response?.headers.get("Location")).toBe(expected);
    }
  });
});
