import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { getAuth, setAuthSettings } from "~/domain/auth/auth.server";
import { getOptionalUser, requireAdmin } from "~/domain/auth/session.server";
import { CLIENT_IP_HEADER } from "~/lib/http/headers";
import { action as loginRouteAction } from "~/routes/login";
import { APP_URL, cookieHeader, formRequest, localSettings } from "../../tests/support/auth";
import { handleLoginAction, type LoginActionData } from "~/features/admin/requests.server";
import { issueChallenge } from "~/features/admin/challenge.server";
import { ADMIN_MESSAGES } from "~/features/admin/admin";

beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));

const ADMIN = { email: "root@example.com", password: "root-password" };
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

interface Answer {
  status: number;
  body: LoginActionData | null;
  location: string | null;
  cookies: string[];
}

/** Runs the action as React Router would and reads what it answered. */
async function post(fields: Record<string, string>, init: { ip?: string; cookie?: string; path?: string } = {}): Promise<Answer> {
  const request = formRequest(init.path ?? "/login", fields, { cookie: init.cookie });
  request.headers.set(CLIENT_IP_HEADER, init.ip ?? "198.51.100.1");
  let result: unknown;
  try {
    result = await handleLoginAction(request);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, body: null, location: result.headers.get("Location"), cookies: result.headers.getSetCookie() };
  }
  const { data, init: responseInit } = result as { data: LoginActionData; init: ResponseInit | null };
  const headers = new Headers(responseInit?.headers);
  return { status: responseInit?.status ?? 200, body: data, location: null, cookies: headers.getSetCookie() };
}

function solve(question: string) {
  const [, a, b] = /What is (\d) \+ (\d)\?/.exec(question)!;
  return String(Number(a) + Number(b));
}

/** A verified challenge, as the page holds it after Verify. */
async function verified() {
  const { token, question } = issueChallenge();
  const answer = solve(question);
  const result = await post({ intent: "verify", challenge: token, answer });
  expect(result.status).toBe(200);
  return { challenge: token, answer, verified: result.body!.verified! };
}

async function signIn(email: string, password: string, ip?: string, extra: Record<string, string> = {}) {
  return post({ intent: "sign-in", email, password, ...(await verified()), ...extra }, { ip });
}

async function failures(email: string) {
  const [row] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from login_attempts where email = ${email} and outcome = 'failed'`);
  return row!.n;
}

beforeAll(async () => {
  await getAuth().api.signUpEmail({ body: { email: ADMIN.email, password: ADMIN.password, name: "Root" } });
  await getDb().execute(sql`insert into admin_users (email) values (${ADMIN.email})`);
  await getAuth().api.signUpEmail({ body: { email: "member@example.com", password: "member-password", name: "Member" } });
});

describe("the math challenge is checked on the server", () => {
  it("answers a wrong answer with the spec's message and a new question", async () => {
    const { token, question } = issueChallenge();
    const wrong = String((Number(solve(question)) + 1) % 19);
    const result = await post({ intent: "verify", challenge: token, answer: wrong });
    expect(result.status).toBe(400);
    expect(result.body!.errors.answer).toBe("Incorrect answer. Please try again.");
    expect(result.body!.verified).toBeNull();
    expect(result.body!.challenge.token).not.toBe(token);
  });

  it("answers a non-number with 'Please enter a valid number' and keeps the question", async () => {
    const { token } = issueChallenge();
    const result = await post({ intent: "verify", challenge: token, answer: "seven" });
    expect(result.status).toBe(400);
    expect(result.body!.errors.answer).toBe("Please enter a valid number");
    expect(result.body!.challenge.token).toBe(token);
  });

  it("refuses a sign-in without a verified answer, even with the right password, and records nothing", async () => {
    const before = await failures(ADMIN.email);
    const { token, question } = issueChallenge();
    const unverified = await post({ intent: "sign-in", email: ADMIN.email, password: ADMIN.password, challenge: token, answer: solve(question) });
    expect(unverified.status).toBe(400);
    expect(unverified.body!.errors.form).toBe(ADMIN_MESSAGES.verifyFirst);
    expect(unverified.cookies).toEqual([]);
    // A verified token from another question does not count either.
    const other = await verified();
    const forged = await post({ intent: "sign-in", email: ADMIN.email, password: ADMIN.password, challenge: token, answer: solve(question), verified: other.verified });
    expect(forged.status).toBe(400);
    expect(forged.body!.errors.form).toBe(ADMIN_MESSAGES.verifyFirst);
    expect(await failures(ADMIN.email)).toBe(before);
  });

  it("checks the fields with the spec's messages and keeps the verified question", async () => {
    const proof = await verified();
    const result = await post({ intent: "sign-in", email: "not-an-email", password: "123", ...proof });
    expect(result.status).toBe(400);
    expect(result.body!.errors).toEqual({ email: "Please enter a valid email address", password: "Password must be at least 6 characters" });
    expect(result.body!.challenge.token).toBe(proof.challenge);
    expect(result.body!.verified).toBe(proof.verified);
  });
});

describe("admin sign-in", () => {
  it("signs an admin in and goes to the dashboard, or to a safe redirectTo", async () => {
    const result = await signIn("Root@Example.com", ADMIN.password, freshIp());
    expect(result.status).toBe(302);
    expect(result.location).toBe("/admin/dashboard");
    const request = new Request(`${APP_URL}/admin`, { headers: { Cookie: cookieHeader(result.cookies) } });
    expect((await requireAdmin(request)).email).toBe(ADMIN.email);

    const back = await signIn(ADMIN.email, ADMIN.password, freshIp(), { redirectTo: "/admin/dashboard?tab=debug" });
    expect(back.location).toBe("/admin/dashboard?tab=debug");
    const evil = await signIn(ADMIN.email, ADMIN.password, freshIp(), { redirectTo: "//evil.example" });
    expect(evil.location).toBe("/admin/dashboard");
  });

  it("shows Better Auth's message for a wrong password, with a new question, and records the failure", async () => {
    const before = await failures(ADMIN.email);
    const proof = await verified();
    const result = await post({ intent: "sign-in", email: ADMIN.email, password: "wrong-password", ...proof }, { ip: freshIp() });
    expect(result.status).toBe(401);
    expect(result.body!.errors.form).toBe("Invalid email or password");
    expect(result.body!.challenge.token).not.toBe(proof.challenge);
    expect(result.body!.verified).toBeNull();
    expect(result.cookies).toEqual([]);
    expect(await failures(ADMIN.email)).toBe(before + 1);
  });

  it("signs a non-admin out at once with 'This login page is for administrators only.'", async () => {
    const [{ id }] = (await queryRows<{ id: string }>(getDb(), sql`select id from "user" where email = 'member@example.com'`)) as [{ id: string }];
    const sessions = async () =>
      (await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from session where user_id = ${id}`))[0]!.n;
    const before = await sessions();
    const result = await signIn("member@example.com", "member-password", freshIp());
    expect(result.status).toBe(403);
    expect(result.body!.errors.form).toBe("This login page is for administrators only.");
    // The session the sign-in made is gone.
    expect(await sessions()).toBe(before);
    // The browser is told to drop its session cookie.
    expect(result.cookies.some((c) => /^better-auth\.session_token=;/.test(c) || /session_token=.*Max-Age=0/.test(c))).toBe(true);
    expect(await failures("member@example.com")).toBe(1);
  });

  it("refuses a cross-site post", async () => {
    const request = formRequest("/login", { intent: "verify", challenge: "x", answer: "1" }, { origin: "https://evil.example" });
    const thrown = await loginRouteAction({ request, params: {}, context: {} } as never).catch((error: unknown) => error);
    expect((thrown as { init: ResponseInit }).init.status).toBe(403);
  });
});

describe("lockout after 5 failed attempts within 15 minutes", () => {
  it("blocks the sixth attempt from one address for that e-mail, even with the right password; the owner elsewhere still signs in", async () => {
    const email = "locked@example.com";
    await getAuth().api.signUpEmail({ body: { email, password: "locked-password", name: "Locked" } });
    await getDb().execute(sql`insert into admin_users (email) values (${email})`);
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      const result = await signIn(email, "wrong-password", ip);
      expect(result.status).toBe(401);
    }
    const sixth = await signIn(email, "locked-password", ip);
    expect(sixth.status).toBe(429);
    expect(sixth.body!.errors.form).toBe("Too many login attempts. Please try again later.");
    expect(sixth.cookies).toEqual([]);
    expect(sixth.body!.challenge).toBeTruthy();
    expect(await outcomes(email)).toEqual({ failed: 5, refused: 1 });
    // The intruder's address does not lock the owner out.
    expect((await signIn(email, "locked-password", freshIp())).status).toBe(302);
  });

  it("counts failures any instance recorded in the shared table, and forgets those older than 15 minutes", async () => {
    const email = "shared@example.com";
    await getAuth().api.signUpEmail({ body: { email, password: "shared-password", name: "Shared" } });
    await getDb().execute(sql`insert into admin_users (email) values (${email})`);
    const ip = freshIp();
    // Five failures written by other instances, 16 minutes ago: they no longer count.
    await getDb().execute(
      sql`insert into login_attempts (email, ip, outcome, created_at)
          select ${email}, ${ip}, 'failed', now() - interval '16 minutes' from generate_series(1, 5) g`,
    );
    expect((await signIn(email, "shared-password", ip)).status).toBe(302);
    await getDb().execute(sql`insert into login_attempts (email, ip, outcome) select ${email}, ${ip}, 'failed' from generate_series(1, 5) g`);
    expect((await signIn(email, "shared-password", ip)).status).toBe(429);
  });
});

async function outcomes(email: string): Promise<Record<string, number>> {
  const rows = await queryRows<{ outcome: string; n: number }>(
    getDb(),
    sql`select outcome, count(*)::int as n from login_attempts where email = ${email} group by outcome`,
  );
  return Object.fromEntries(rows.map((r) => [r.outcome, r.n]));
}

describe("Create Super Admin", () => {
  beforeEach(async () => {
    await getDb().execute(sql`delete from admin_users`);
  });
  afterAll(async () => {
    await getDb().execute(sql`insert into admin_users (email) values (${ADMIN.email}) on conflict do nothing`);
  });

  it("while no admin exists, creates the account, lists it as admin and signs it in", async () => {
    const result = await post({ intent: "create-super-admin", email: "First@Example.com", password: "first-password" });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/admin/dashboard");
    const request = new Request(`${APP_URL}/admin`, { headers: { Cookie: cookieHeader(result.cookies) } });
    expect((await requireAdmin(request)).email).toBe("first@example.com");
    const rows = await queryRows<{ email: string }>(getDb(), sql`select email from admin_users`);
    expect(rows).toEqual([{ email: "first@example.com" }]);

    // Once an admin exists the endpoint refuses, even from a page that still shows the button.
    const again = await post({ intent: "create-super-admin", email: "second@example.com", password: "second-password" });
    expect(again.status).toBe(403);
    expect(again.body!.errors.form).toBe("An administrator already exists.");
    expect(again.body!.superAdminAvailable).toBe(false);
    const [users] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from "user" where email = 'second@example.com'`);
    expect(users!.n).toBe(0);
  });

  it("makes only one admin out of two concurrent requests", async () => {
    const results = await Promise.all([
      post({ intent: "create-super-admin", email: "racer1@example.com", password: "racer-password" }),
      post({ intent: "create-super-admin", email: "racer2@example.com", password: "racer-password" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([302, 403]);
    const [admins] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from admin_users`);
    expect(admins!.n).toBe(1);
  });

  it("does not take over an existing account, and checks the fields", async () => {
    const taken = await post({ intent: "create-super-admin", email: "member@example.com", password: "takeover-password" });
    expect(taken.status).toBe(409);
    expect(taken.body!.errors.email).toMatch(/already exists/);
    expect(taken.body!.superAdminAvailable).toBe(true);
    const bad = await post({ intent: "create-super-admin", email: "nope", password: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body!.errors.email).toBe("Please enter a valid email address");
    const short = await post({ intent: "create-super-admin", email: "ok@example.com", password: "12345" });
    expect(short.body!.errors.password).toBe("Password must be at least 6 characters");
    const [admins] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from admin_users`);
    expect(admins!.n).toBe(0);
    // The member can still sign in with their own password.
    const member = await getAuth().api.signInEmail({ body: { email: "member@example.com", password: "member-password" }, returnHeaders: true });
    const request = new Request(`${APP_URL}/`, { headers: { Cookie: cookieHeader(member.headers.getSetCookie()) } });
    expect((await getOptionalUser(request))?.email).toBe("member@example.com");
  });
});
