import { sql } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../support/raw-rows";
import { getDb } from "~/db/registry.server";
import { getAuth, isDevSignInAvailable, setAuthSettings } from "~/domain/auth/auth.server";
import { getOptionalUser } from "~/domain/auth/session.server";
import * as authRoute from "~/routes/auth";
import { APP_URL, cookieHeader, formRequest, localSettings } from "../support/auth";

/**
 * The real OpenID Connect flow (discovery, authorization code with PKCE and nonce, token
 * exchange, ID token verification against the issuer's keys, user info) against a local issuer.
 */
const issuer = new OAuth2Server();

beforeAll(async () => {
  await issuer.issuer.keys.generate("RS256");
  await issuer.start(0, "127.0.0.1");
  issuer.service.on("beforeUserinfo", (userinfo: { body: Record<string, unknown> }) => {
    userinfo.body = { sub: "johndoe", email: "Oidc.Person@Example.com", email_verified: true, name: "Oidc Person" };
  });
  setAuthSettings(
    localSettings({
      google: {
        clientId: "toolnest-test-client",
        clientSecret: "toolnest-test-secret",
        discoveryUrl: `${issuer.issuer.url}/.well-known/openid-configuration`,
      },
    }),
  );
});

afterAll(async () => {
  setAuthSettings(undefined);
  await issuer.stop();
});

/** A cookie jar good enough for one host. */
class Jar {
  private cookies = new Map<string, string>();
  take(headers: Headers) {
    for (const pair of cookieHeader(headers.getSetCookie()).split("; ").filter(Boolean)) {
      const [name, ...rest] = pair.split("=");
      this.cookies.set(name!, rest.join("="));
    }
    for (const c of headers.getSetCookie()) {
      const [pair] = c.split(";");
      if (pair!.endsWith("=")) this.cookies.delete(pair!.slice(0, -1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

describe("Google sign-in through OpenID Connect", () => {
  it("signs in, lands on /auth with the return path, and creates a session and a profile", async () => {
    expect(isDevSignInAvailable()).toBe(false);
    const jar = new Jar();

    // The "Sign in with Google" form posts to /auth, which starts the flow.
    const start = (await authRoute.action({ request: formRequest("/auth", { redirectTo: "/profile" }), params: {}, context: {} } as never)) as Response;
    expect(start.status).toBe(302);
    jar.take(start.headers);
    const authorize = new URL(start.headers.get("Location")!);
    expect(authorize.origin).toBe(issuer.issuer.url);
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${APP_URL}/api/auth/callback/google`);
    expect(authorize.searchParams.get("scope")).toContain("openid");
    expect(authorize.searchParams.get("code_challenge")).toBeTruthy();

    // The issuer answers with a code on our callback.
    const issued = await fetch(authorize, { redirect: "manual" });
    expect(issued.status).toBe(302);
    const callback = new URL(issued.headers.get("Location")!);
    expect(callback.pathname).toBe("/api/auth/callback/google");

    const done = await getAuth().handler(new Request(callback, { headers: { Cookie: jar.header() } }));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/auth?redirectTo=%2Fprofile");
    jar.take(done.headers);

    const user = await getOptionalUser(new Request(`${APP_URL}/profile`, { headers: { Cookie: jar.header() } }));
    expect(user).toMatchObject({ email: "oidc.person@example.com", name: "Oidc Person" });
    expect(user!.profile.username).toBe("oidcperson");

    const accounts = await queryRows<{ provider_id: string; account_id: string }>(
      getDb(),
      sql`select provider_id, account_id from account where user_id = ${user!.id}`,
    );
    expect(accounts).toEqual([{ provider_id: "google", account_id: "johndoe" }]);
    const sessions = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from session where user_id = ${user!.id}`);
    expect(sessions[0]!.n).toBe(1);
  });

  it("a forged callback without the state cookie does not sign anyone in", async () => {
    const response = await getAuth().handler(new Request(`${APP_URL}/api/auth/callback/google?code=x&state=forged`));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/error=/);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token=") && !c.startsWith("better-auth.session_token=;"))).toBe(false);
  });
});
