import { sql } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { getAuth, setAuthSettings } from "~/domain/auth/auth.server";
import { SUSPENDED_MESSAGE } from "~/domain/auth/suspension";
import { handleLoginAction, type LoginActionData } from "~/features/admin/requests.server";
import { issueChallenge } from "~/features/admin/challenge.server";
import { CLIENT_IP_HEADER } from "~/lib/http/headers";
import * as authRoute from "~/routes/auth";
import * as devRoute from "~/routes/auth.dev";
import { APP_URL, cookieHeader, formRequest, localSettings } from "../../tests/support/auth";

/**
 * A suspended user (decision 044) is refused with the suspension message on every way in that
 * has a page: Google's callback, the development sign-in screen and the Admin Portal.
 */
const run = Date.now().toString(36);

async function suspend(email: string, on = true) {
  await getDb().execute(sql`update "user" set suspended_at = ${on ? sql`now()` : sql`null`} where email = ${email}`);
}

async function sessions(email: string) {
  const [row] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from session s join "user" u on u.id = s.user_id where u.email = ${email}`);
  return row!.n;
}

async function settle(call: () => Promise<unknown>): Promise<{ status: number; location: string | null; data: unknown; cookies: string[] }> {
  let result: unknown;
  try {
    result = await call();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), data: null, cookies: result.headers.getSetCookie() };
  const withInit = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (withInit?.type === "DataWithResponseInit") {
    return { status: withInit.init?.status ?? 200, location: null, data: withInit.data, cookies: new Headers(withInit.init?.headers).getSetCookie() };
  }
  return { status: 200, location: null, data: result, cookies: [] };
}

describe("the development sign-in screen and the Admin Portal", () => {
  beforeAll(() => setAuthSettings(localSettings()));
  afterAll(() => setAuthSettings(undefined));

  it("/auth/dev answers 403 with the suspension message and sets no cookie", async () => {
    const email = `dev.suspended.${run}@example.com`;
    const signIn = () => {
      const request = formRequest("/auth/dev", { email, redirectTo: "/" });
      request.headers.set("x-toolnest-peer-address", "127.0.0.1");
      return settle(() => devRoute.action({ request, params: {}, context: {} } as never));
    };
    expect((await signIn()).status).toBe(302);
    await suspend(email);
    await getDb().execute(sql`delete from session where user_id = (select id from "user" where email = ${email})`);
    const refused = await signIn();
    expect(refused.status).toBe(403);
    expect(refused.data).toEqual({ error: SUSPENDED_MESSAGE });
    expect(refused.cookies.filter((c) => c.startsWith("better-auth.session_token=") && !c.startsWith("better-auth.session_token=;"))).toEqual([]);
    expect(await sessions(email)).toBe(0);
  });

  it("the Admin Portal refuses a suspended password account even with the right password", async () => {
    const email = `portal.suspended.${run}@example.com`;
    await getAuth().api.signUpEmail({ body: { email, password: "portal-password-1", name: "Portal" } });
    await getDb().execute(sql`delete from session where user_id = (select id from "user" where email = ${email})`);
    await suspend(email);
    const { token, question } = issueChallenge();
    const [, a, b] = /What is (\d) \+ (\d)\?/.exec(question)!;
    const answer = String(Number(a) + Number(b));
    const post = (fields: Record<string, string>) => {
      const request = formRequest("/login", fields);
      request.headers.set(CLIENT_IP_HEADER, "198.51.100.77");
      return settle(() => handleLoginAction(request));
    };
    const verified = await post({ intent: "verify", challenge: token, answer });
    const proof = (verified.data as LoginActionData).verified!;
    const result = await post({ intent: "sign-in", email, password: "portal-password-1", challenge: token, answer, verified: proof });
    expect(result.status).toBe(403);
    expect((result.data as LoginActionData).errors.form).toBe(SUSPENDED_MESSAGE);
    expect(await sessions(email)).toBe(0);
  });
});

describe("Google's callback", () => {
  const issuer = new OAuth2Server();
  const email = `oidc.suspended.${run}@example.com`;

  beforeAll(async () => {
    await issuer.issuer.keys.generate("RS256");
    await issuer.start(0, "127.0.0.1");
    issuer.service.on("beforeUserinfo", (userinfo: { body: Record<string, unknown> }) => {
      userinfo.body = { sub: `sub-${run}`, email, email_verified: true, name: "Suspended Person" };
    });
    issuer.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
      token.payload.sub = `sub-${run}`;
      token.payload.email = email;
      token.payload.email_verified = true;
    });
    setAuthSettings(
      localSettings({
        google: { clientId: "toolnest-test-client", clientSecret: "toolnest-test-secret", discoveryUrl: `${issuer.issuer.url}/.well-known/openid-configuration` },
      }),
    );
  });

  afterAll(async () => {
    setAuthSettings(undefined);
    await issuer.stop();
  });

  /** The whole flow: /auth's action, the issuer, then our callback; its answer. */
  async function googleFlow(): Promise<Response> {
    const start = (await authRoute.action({ request: formRequest("/auth", { redirectTo: "/profile" }), params: {}, context: {} } as never)) as Response;
    const cookie = cookieHeader(start.headers.getSetCookie());
    const issued = await fetch(new URL(start.headers.get("Location")!), { redirect: "manual" });
    return getAuth().handler(new Request(new URL(issued.headers.get("Location")!), { headers: { Cookie: cookie } }));
  }

  it("sends a suspended user back to /auth with the suspension message and no session", async () => {
    const first = await googleFlow();
    expect(first.headers.get("Location")).toBe("/auth?redirectTo=%2Fprofile");
    await getDb().execute(sql`delete from session where user_id = (select id from "user" where email = ${email})`);
    await suspend(email);

    const refused = await googleFlow();
    expect(refused.status).toBe(302);
    const location = refused.headers.get("Location")!;
    expect(location).toMatch(/^\/auth\?/);
    expect(new URL(location, APP_URL).searchParams.getAll("error")).toContain("ACCOUNT_SUSPENDED");
    expect(refused.headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token=") && !c.startsWith("better-auth.session_token=;"))).toBe(false);
    expect(await sessions(email)).toBe(0);

    const page = await settle(() => authRoute.loader({ request: new Request(new URL(location, APP_URL)), params: {}, context: {} } as never));
    expect(page.data).toMatchObject({ error: true, suspended: true });

    await suspend(email, false);
    expect((await googleFlow()).headers.get("Location")).toBe("/auth?redirectTo=%2Fprofile");
  });
});
