import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as accountPasswordRoute from "~/routes/account.password";
import * as forgotRoute from "~/routes/forgot-password";
import * as resetRoute from "~/routes/reset-password";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { readFlash } from "~/domain/flash.server";
import { mailIdle, setMailSettings } from "~/lib/mail/mail.server";
import { CLIENT_IP_HEADER } from "~/lib/http/headers";
import { APP_URL, cookieHeader, formRequest, localSettings } from "../../tests/support/auth";
import { linkIn, mailsTo, outboxFiles } from "../../tests/support/eml";
import { getAuth, setAuthSettings } from "~/domain/auth/auth.server";
import {
  INVALID_EMAIL,
  INVALID_RESET_LINK,
  NO_PASSWORD_ACCOUNT,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  RESET_RATE_LIMITED,
} from "~/features/auth/auth";
import { RATE_LIMITS, devSignIn } from "~/features/auth/requests.server";

let outboxDir: string;
let ipCounter = 0;

beforeAll(() => {
  outboxDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-pw-")), "outbox");
  setMailSettings({ smtpUrl: null, from: "Toolnest <no-reply@localhost>", outboxDir });
  setAuthSettings(localSettings());
});
afterAll(() => {
  setMailSettings(undefined);
  setAuthSettings(undefined);
  fs.rmSync(path.dirname(outboxDir), { recursive: true, force: true });
});

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
/** Each test stands for a visitor at its own address unless it passes one. */
const freshIp = () => `203.0.113.${++ipCounter}`;

function post(pathname: string, fields: Record<string, string>, init: { cookie?: string; ip?: string; origin?: string } = {}) {
  const request = formRequest(pathname, fields, init);
  request.headers.set(CLIENT_IP_HEADER, init.ip ?? freshIp());
  return request;
}

/** The JSON-ish body of a route's answer; tests read the fields they expect. */
type Answered = Record<string, unknown> & { error?: unknown; hasPassword?: unknown };

/** What an action or loader answered: status, body and headers, whether returned or thrown. */
async function answer(run: () => unknown): Promise<{ status: number; body: Answered; headers: Headers }> {
  try {
    const result = await run();
    if (result instanceof Response) return { status: result.status, body: {}, headers: result.headers };
    const withInit = result as { type?: string; data?: unknown; init?: ResponseInit | null };
    if (withInit?.type === "DataWithResponseInit") {
      return { status: withInit.init?.status ?? 200, body: withInit.data as Answered, headers: new Headers(withInit.init?.headers) };
    }
    return { status: 200, body: result as Answered, headers: new Headers() };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, body: {}, headers: error.headers };
    const thrown = error as { type?: string; data?: unknown; init?: ResponseInit | null };
    if (thrown?.type === "DataWithResponseInit") return { status: thrown.init?.status ?? 500, body: thrown.data as Answered, headers: new Headers() };
    throw error;
  }
}

let emailCounter = 0;
async function createEmailAccount(password = "old-password") {
  const email = `admin${++emailCounter}.${Date.now().toString(36)}@example.com`;
  await getAuth().api.signUpEmail({ body: { email, password, name: "Admin" } });
  return email;
}

async function signIn(email: string, password: string): Promise<string | null> {
  try {
    const { headers } = await getAuth().api.signInEmail({ body: { email, password }, returnHeaders: true });
    return cookieHeader(headers.getSetCookie());
  } catch {
    return null;
  }
}

async function sessionOf(cookie: string) {
  return getAuth().api.getSession({ headers: new Headers({ Cookie: cookie }) });
}

async function requestReset(email: string, ip?: string) {
  const result = await answer(() => forgotRoute.action(args(post("/forgot-password", { email }, { ip }))));
  await mailIdle();
  return result;
}

describe("forgot password → e-mail → reset link → new password", () => {
  it("sends a link that sets a new password once, signs the account out everywhere, and returns to /login with a toast", async () => {
    const email = await createEmailAccount();
    const otherDevice = (await signIn(email, "old-password"))!;
    expect(await sessionOf(otherDevice)).not.toBeNull();

    const requested = await requestReset(`  ${email.toUpperCase()} `);
    expect(requested).toMatchObject({ status: 200, body: { sent: true } });
    const mails = mailsTo(outboxDir, email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Reset your Toolnest password");
    expect(mail.from).toBe("Toolnest <no-reply@localhost>");
    const link = linkIn(mail, `${APP_URL}/reset-password?token=`);
    expect(link).not.toBeNull();
    expect(mail.text).toContain("one hour");

    const url = new URL(link!);
    const token = url.searchParams.get("token")!;
    const page = await answer(() => resetRoute.loader(args(new Request(url))));
    expect(page.body).toEqual({ token });
    expect(resetRoute.headers()).toMatchObject({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

    const mismatch = await answer(() => resetRoute.action(args(post("/reset-password", { token, password: "new-password", confirm: "other" }))));
    expect(mismatch).toMatchObject({ status: 400, body: { fieldErrors: { confirm: PASSWORDS_DO_NOT_MATCH } } });
    const short = await answer(() => resetRoute.action(args(post("/reset-password", { token, password: "12345", confirm: "12345" }))));
    expect(short).toMatchObject({ status: 400, body: { fieldErrors: { password: PASSWORD_TOO_SHORT } } });

    const done = await answer(() => resetRoute.action(args(post("/reset-password", { token, password: "new-password", confirm: "new-password" }))));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login");
    const flashCookie = cookieHeader(done.headers.getSetCookie());
    const { flash } = await readFlash(new Request(`${APP_URL}/login`, { headers: { Cookie: flashCookie } }));
    expect(flash).toMatchObject({ kind: "success", message: "Password Updated" });

    expect(await signIn(email, "new-password")).not.toBeNull();
    expect(await signIn(email, "old-password")).toBeNull();
    expect(await sessionOf(otherDevice)).toBeNull();

    // The link works once.
    expect((await answer(() => resetRoute.loader(args(new Request(url))))).body).toEqual({ token: null });
    const again = await answer(() => resetRoute.action(args(post("/reset-password", { token, password: "third-pass", confirm: "third-pass" }))));
    expect(again).toMatchObject({ status: 400, body: { error: INVALID_RESET_LINK, invalidLink: true } });
    expect(await signIn(email, "third-pass")).toBeNull();
  });

  it("answers an unknown address exactly like a known one and writes no e-mail; Google-only accounts get none either", async () => {
    const known = await createEmailAccount();
    const knownAnswer = await requestReset(known);
    const before = outboxFiles(outboxDir).length;

    const unknownAnswer = await requestReset(`nobody.${Date.now()}@example.com`);
    expect(unknownAnswer).toEqual(knownAnswer);

    const member = `member.${Date.now()}@example.com`;
    const signed = await devSignIn(member);
    expect(signed.ok).toBe(true);
    expect(await requestReset(member)).toEqual(knownAnswer);

    expect(outboxFiles(outboxDir).length).toBe(before);
  });

  it("says which field is wrong, and refuses a cross-site form", async () => {
    for (const email of ["", "not-an-address", "a@b"]) {
      const bad = await answer(() => forgotRoute.action(args(post("/forgot-password", { email }))));
      expect(bad).toMatchObject({ status: 400, body: { fieldErrors: { email: INVALID_EMAIL } } });
    }
    const missing = await answer(() => forgotRoute.action(args(post("/forgot-password", {}))));
    expect(missing.status).toBe(400);

    const crossSite = await answer(() =>
      forgotRoute.action(args(post("/forgot-password", { email: "a@example.com" }, { origin: "https://evil.example" }))),
    );
    expect(crossSite.status).toBe(403);
    const crossReset = await answer(() =>
      resetRoute.action(args(post("/reset-password", { token: "x", password: "abcdef", confirm: "abcdef" }, { origin: "https://evil.example" }))),
    );
    expect(crossReset.status).toBe(403);
  });

  it("rejects unknown and expired links", async () => {
    const unknown = await answer(() => resetRoute.loader(args(new Request(`${APP_URL}/reset-password?token=made-up`))));
    expect(unknown.body).toEqual({ token: null });
    expect((await answer(() => resetRoute.loader(args(new Request(`${APP_URL}/reset-password`))))).body).toEqual({ token: null });
    const noToken = await answer(() => resetRoute.action(args(post("/reset-password", { password: "abcdef", confirm: "abcdef" }))));
    expect(noToken).toMatchObject({ status: 400, body: { error: INVALID_RESET_LINK, invalidLink: true } });

    const email = await createEmailAccount();
    await requestReset(email);
    const link = new URL(linkIn(mailsTo(outboxDir, email)[0]!, `${APP_URL}/reset-password?token=`)!);
    const token = link.searchParams.get("token")!;
    const rows = await queryRows<{ expires_in: number }>(
      getDb(),
      sql`select extract(epoch from expires_at - now())::float8 as expires_in from verification where identifier = ${`reset-password:${token}`}`,
    );
    expect(rows[0]!.expires_in).toBeGreaterThan(3500);
    expect(rows[0]!.expires_in).toBeLessThanOrEqual(3600);

    await queryRows(getDb(), sql`update verification set expires_at = now() - interval '1 second' where identifier = ${`reset-password:${token}`}`);
    expect((await answer(() => resetRoute.loader(args(new Request(link))))).body).toEqual({ token: null });
    const expired = await answer(() => resetRoute.action(args(post("/reset-password", { token, password: "abcdef", confirm: "abcdef" }))));
    expect(expired).toMatchObject({ status: 400, body: { error: INVALID_RESET_LINK } });
    expect(await signIn(email, "abcdef")).toBeNull();
  });

  it("limits reset requests per address (429 with Retry-After) and per visitor", async () => {
    const email = await createEmailAccount();
    for (let i = 0; i < RATE_LIMITS.resetPerEmail.limit; i++) expect((await requestReset(email)).status).toBe(200);
    const limited = await requestReset(email);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe(RESET_RATE_LIMITED);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(mailsTo(outboxDir, email)).toHaveLength(RATE_LIMITS.resetPerEmail.limit);

    const ip = "198.51.100.7";
    for (let i = 0; i < RATE_LIMITS.resetPerIp.limit; i++) {
      expect((await requestReset(`someone${i}.${Date.now()}@example.com`, ip)).status).toBe(200);
    }
    expect((await requestReset(`one-more.${Date.now()}@example.com`, ip)).status).toBe(429);
  });

  it("keeps Better Auth's own sign-up, reset and change endpoints off the HTTP API (our pages carry the limits)", async () => {
    for (const endpoint of ["sign-up/email", "request-password-reset", "reset-password", "change-password"]) {
      const response = await getAuth().handler(
        new Request(`${APP_URL}/api/auth/${endpoint}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: APP_URL },
          body: JSON.stringify({ email: "a@example.com", name: "A", password: "abcdef", newPassword: "abcdef", currentPassword: "x", token: "t" }),
        }),
      );
      expect(response.status).toBe(404);
    }
  });
});

describe("change password (/account/password)", () => {
  it("needs a signed-in visitor", async () => {
    const page = await answer(() => accountPasswordRoute.loader(args(new Request(`${APP_URL}/account/password`))));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/auth?redirectTo=%2Faccount%2Fpassword");
  });

  it("checks the current password, then changes it and signs the other devices out", async () => {
    const email = await createEmailAccount("first-pass");
    const cookie = (await signIn(email, "first-pass"))!;
    const otherDevice = (await signIn(email, "first-pass"))!;
    const page = await answer(() => accountPasswordRoute.loader(args(new Request(`${APP_URL}/account/password`, { headers: { Cookie: cookie } }))));
    expect(page.body).toEqual({ email, hasPassword: true });

    const change = (fields: Record<string, string>) => answer(() => accountPasswordRoute.action(args(post("/account/password", fields, { cookie }))));
    const wrong = await change({ currentPassword: "not-it", password: "second-pass", confirm: "second-pass" });
    expect(wrong).toMatchObject({ status: 400, body: { fieldErrors: { currentPassword: "Invalid password" } } });
    expect(await change({ currentPassword: "first-pass", password: "second-pass", confirm: "second" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { confirm: PASSWORDS_DO_NOT_MATCH } },
    });
    expect(await change({ currentPassword: "first-pass", password: "abc", confirm: "abc" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { password: PASSWORD_TOO_SHORT } },
    });
    expect(await signIn(email, "second-pass")).toBeNull();

    const done = await change({ currentPassword: "first-pass", password: "second-pass", confirm: "second-pass" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/account/password");
    const newCookies = cookieHeader(done.headers.getSetCookie());
    const { flash } = await readFlash(new Request(`${APP_URL}/`, { headers: { Cookie: newCookies } }));
    expect(flash?.message).toBe("Password Updated");
    expect(await sessionOf(newCookies)).not.toBeNull();
    expect(await sessionOf(otherDevice)).toBeNull();
    expect(await signIn(email, "second-pass")).not.toBeNull();
    expect(await signIn(email, "first-pass")).toBeNull();
  });

  it("limits guesses of the current password per account", async () => {
    const email = await createEmailAccount("right-pass");
    const cookie = (await signIn(email, "right-pass"))!;
    for (let i = 0; i < RATE_LIMITS.changePerUser.limit; i++) {
      const attempt = await answer(() =>
        accountPasswordRoute.action(args(post("/account/password", { currentPassword: `guess-${i}`, password: "abcdef", confirm: "abcdef" }, { cookie }))),
      );
      expect(attempt.status).toBe(400);
    }
    const limited = await answer(() =>
      accountPasswordRoute.action(args(post("/account/password", { currentPassword: "right-pass", password: "abcdef", confirm: "abcdef" }, { cookie }))),
    );
    expect(limited.status).toBe(429);
    expect(await signIn(email, "abcdef")).toBeNull();
  }, 90_000); // each guess costs two scrypt hashes

  it("tells a Google (or development) account that it has no password here", async () => {
    const signed = await devSignIn(`google.${Date.now()}@example.com`);
    if (!signed.ok) throw new Error(signed.error);
    const cookie = cookieHeader(signed.headers.getSetCookie());
    const page = await answer(() => accountPasswordRoute.loader(args(new Request(`${APP_URL}/account/password`, { headers: { Cookie: cookie } }))));
    expect(page.body.hasPassword).toBe(false);
    const attempt = await answer(() =>
      accountPasswordRoute.action(args(post("/account/password", { currentPassword: "x", password: "abcdef", confirm: "abcdef" }, { cookie }))),
    );
    expect(attempt).toMatchObject({ status: 409, body: { error: NO_PASSWORD_ACCOUNT } });
  });
});
