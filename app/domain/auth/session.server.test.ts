import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { cookieHeader, devSignInHeaders, localSettings, signedInCookie } from "../../../tests/support/auth";
import * as authModule from "./auth.server";
import { getAuth, setAuthSettings } from "./auth.server";
import { ACCESS_DENIED, getOptionalUser, getSessionUserId, isAdmin, requireAdmin, requireUser, sessionCookieUpdates } from "./session.server";

beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));

async function signedInRequest(email: string, path = "/") {
  return new Request(`http://localhost:3000${path}`, { headers: { Cookie: await signedInCookie(email) } });
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown response");
}

describe("sessions", () => {
  it("dev sign-in sets Better Auth's HttpOnly SameSite=Lax session cookie, marks the account dev and makes a profile", async () => {
    const headers = await devSignInHeaders("Jane.Doe+test@Example.com");
    const cookie = headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const [row] = await queryRows<{ name: string; provider_id: string; username: string; email: string }>(
      getDb(),
      sql`select u.name, a.provider_id, p.username, p.email from "user" u
          join account a on a.user_id = u.id join profiles p on p.id = u.id where u.email = 'jane.doe+test@example.com'`,
    );
    expect(row).toEqual({ name: "jane.doe+test", provider_id: "dev", username: "janedoetest", email: "jane.doe+test@example.com" });
  });

  it("getOptionalUser reads the session; without a cookie it is null", async () => {
    const request = await signedInRequest("reader@example.com");
    const user = await getOptionalUser(request);
    expect(user?.email).toBe("reader@example.com");
    expect(user?.profile.username).toBe("reader");
    expect(await getOptionalUser(new Request("http://localhost:3000/"))).toBeNull();
    const bogus = new Request("http://localhost:3000/", { headers: { Cookie: "better-auth.session_token=nope.nope" } });
    expect(await getOptionalUser(bogus)).toBeNull();
  });

  it("requireUser sends a signed-out visitor to /auth with the path and query", async () => {
    const response = await thrown(requireUser(new Request("http://localhost:3000/my-products?tab=drafts")));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fmy-products%3Ftab%3Ddrafts");
  });

  it("signing out through Better Auth ends the session", async () => {
    const request = await signedInRequest("leaver@example.com");
    await getAuth().api.signOut({ headers: request.headers });
    expect(await getOptionalUser(request)).toBeNull();
  });
});

describe("one session lookup per request", () => {
  afterEach(() => vi.restoreAllMocks());

  // getOptionalUser asks Better Auth (through getAuth) once per lookup it really makes.
  const lookups = () => vi.spyOn(authModule, "getAuth");

  it("the same Request, or a read's load context shared by copies of it, resolves the session once", async () => {
    const request = await signedInRequest("memo@example.com");
    const spy = lookups();
    const [first, second] = await Promise.all([getOptionalUser(request), getOptionalUser(request)]);
    expect(second).toBe(first);
    expect(spy).toHaveBeenCalledTimes(1);

    // React Router gives each loader its own copy of the Request; the read's context is common.
    const context = { sessionScope: true };
    const copies = [new Request(request.url, { headers: request.headers }), new Request(request.url, { headers: request.headers })];
    const users = await Promise.all(copies.map((copy) => getOptionalUser(copy, context)));
    expect(users.map((user) => user?.email)).toEqual(["memo@example.com", "memo@example.com"]);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it("a write's context is not shared: the loaders after an action read the session again", async () => {
    const request = await signedInRequest("writer@example.com");
    const spy = lookups();
    const context = {};
    await getOptionalUser(new Request(request.url, { headers: request.headers }), context);
    await getOptionalUser(new Request(request.url, { headers: request.headers }), context);
    expect(spy).toHaveBeenCalledTimes(2);
  });
});

describe("session expiry", () => {
  it("extends a session used after a day and re-issues its cookie; an expired session signs the user out", async () => {
    const request = await signedInRequest("regular@example.com");
    const [{ id }] = (await queryRows<{ id: string }>(getDb(), sql`select id from "user" where email = 'regular@example.com'`)) as [{ id: string }];
    await getDb().execute(sql`update session set expires_at = now() + interval '1 day' where user_id = ${id}`);
    expect(await getOptionalUser(request)).not.toBeNull();
    expect((await sessionCookieUpdates(request)).some((c) => c.startsWith("better-auth.session_token=") && /Max-Age=2592000/.test(c))).toBe(true);
    const [row] = await queryRows<{ days: number }>(
      getDb(),
      sql`select round(extract(epoch from expires_at - now()) / 86400)::int as days from session where user_id = ${id}`,
    );
    expect(row!.days).toBe(30);

    await getDb().execute(sql`update session set expires_at = now() - interval '1 minute' where user_id = ${id}`);
    const again = new Request(request.url, { headers: request.headers });
    expect(await getOptionalUser(again)).toBeNull();
  });
});

describe("requireAdmin", () => {
  it("sends a signed-out visitor to /login with the path", async () => {
    const response = await thrown(requireAdmin(new Request("http://localhost:3000/admin/products?page=2")));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fadmin%2Fproducts%3Fpage%3D2");
  });

  it("sends a non-admin home with the Access Denied flash", async () => {
    const response = await thrown(requireAdmin(await signedInRequest("someone@example.com", "/admin")));
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toMatch(/^toolnest_flash=/);
    expect(ACCESS_DENIED).toBe("Access Denied: You don't have admin privileges.");
  });

  it("never counts a development sign-in identity as admin, even when its e-mail is listed later", async () => {
    const request = await signedInRequest("Boss@Example.com", "/admin");
    await getDb().execute(sql`insert into admin_users (email) values ('boss@example.com')`);
    const response = await thrown(requireAdmin(request));
    expect(response.headers.get("Location")).toBe("/");
  });

  it("needs a password account: a listed e-mail that signs in another way is no admin", async () => {
    await getDb().execute(sql`insert into "user" (id, name, email) values ('sso-boss', 'S', 'sso.boss@example.com')`);
    await getDb().execute(sql`insert into account (id, account_id, provider_id, user_id) values ('acc-sso-boss', 'sub-9', 'google', 'sso-boss')`);
    await getDb().execute(sql`insert into admin_users (email) values ('sso.boss@example.com')`);
    expect(await isAdmin({ id: "sso-boss", email: "sso.boss@example.com" })).toBe(false);
  });

  it("lets an e-mail account listed in admin_users through", async () => {
    await getDb().execute(sql`insert into admin_users (email) values ('chief@example.com')`);
    await getAuth().api.signUpEmail({ body: { email: "Chief@example.com", password: "correct horse", name: "Chief" } });
    const { headers } = await getAuth().api.signInEmail({
      body: { email: "chief@example.com", password: "correct horse" },
      returnHeaders: true,
    });
    const request = new Request("http://localhost:3000/admin", { headers: { Cookie: cookieHeader(headers.getSetCookie()) } });
    const admin = await requireAdmin(request);
    expect(admin.email).toBe("chief@example.com");
  });
});

describe("getSessionUserId (the API's lean session check)", () => {
  it("accepts Better Auth's own cookie and refuses a forged, expired or signed-out one", async () => {
    const request = await signedInRequest("lean@example.com");
    const expected = (await getOptionalUser(request))!.id;
    expect(await getSessionUserId(request)).toBe(expected);

    const cookie = request.headers.get("Cookie")!;
    const forged = cookie.replace(/(session_token=[^.;]+\.)([^;]+)/, (_, head: string, sig: string) => head + (sig.startsWith("A") ? "B" : "A") + sig.slice(1));
    expect(forged).not.toBe(cookie);
    expect(await getSessionUserId(new Request("http://localhost:3000/", { headers: { Cookie: forged } }))).toBeNull();
    const unsigned = cookie.replace(/(session_token=[^.;]+)\.[^;]+/, "$1");
    expect(await getSessionUserId(new Request("http://localhost:3000/", { headers: { Cookie: unsigned } }))).toBeNull();
    expect(await getSessionUserId(new Request("http://localhost:3000/"))).toBeNull();

    await queryRows(getDb(), sql`update session set expires_at = now() - interval '1 second' where user_id = ${expected}`);
    expect(await getSessionUserId(request)).toBeNull();
    await queryRows(getDb(), sql`update session set expires_at = now() + interval '1 day' where user_id = ${expected}`);
    expect(await getSessionUserId(request)).toBe(expected);
    await queryRows(getDb(), sql`delete from session where user_id = ${expected}`);
    expect(await getSessionUserId(request)).toBeNull();
  });
});
