import { isAPIError } from "better-auth/api";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { col, selectRow } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { cookieHeader, devSignIn, localSettings, signedInCookie } from "../../../tests/support/auth";
import { getAuth, setAuthSettings } from "./auth.server";
import { getOptionalUser, getSessionUserId } from "./session.server";
import { isSuspended, SUSPENDED_MESSAGE } from "./suspension.server";

beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));

const run = Date.now().toString(36);
const db = () => getDb();

async function userIdOf(email: string): Promise<string> {
  const row = await selectRow(db(), z.object({ id: col.text }), sql`select id from "user" where email = ${email}`);
  return row!.id;
}

/** Suspends in the database only (no session clean-up): the gate must hold on its own. */
async function markSuspended(email: string, on = true) {
  await db().execute(sql`update "user" set suspended_at = ${on ? sql`now()` : sql`null`} where email = ${email}`);
}

async function sessionCount(userId: string): Promise<number> {
  const row = await selectRow(db(), z.object({ n: col.int }), sql`select count(*)::int as n from session where user_id = ${userId}`);
  return row!.n;
}

async function refusal(call: () => Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await call();
  } catch (error) {
    if (isAPIError(error)) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("a suspended user can never get a session", () => {
  it("the development sign-in refuses them with the suspension message, and signs them in again once restored", async () => {
    const email = `suspended.dev.${run}@example.com`;
    expect((await devSignIn(email)).ok).toBe(true);
    const id = await userIdOf(email);
    await markSuspended(email);
    expect(await isSuspended(id)).toBe(true);
    const before = await sessionCount(id);
    expect(await devSignIn(email)).toEqual({ ok: false, error: SUSPENDED_MESSAGE });
    expect(await sessionCount(id)).toBe(before);
    await markSuspended(email, false);
    expect((await devSignIn(email)).ok).toBe(true);
  });

  it("the password sign-in (what the Admin Portal calls) refuses them even with the right password", async () => {
    const email = `suspended.password.${run}@example.com`;
    await getAuth().api.signUpEmail({ body: { email, password: "member-password-1", name: "Pass" } });
    await markSuspended(email);
    const refused = await refusal(() => getAuth().api.signInEmail({ body: { email, password: "member-password-1" } }));
    expect(refused).toEqual({ status: 403, message: SUSPENDED_MESSAGE });
  });

  it("no Better Auth path can mint one: the internal adapter refuses too", async () => {
    const email = `suspended.adapter.${run}@example.com`;
    await devSignIn(email);
    const id = await userIdOf(email);
    await markSuspended(email);
    const context = await getAuth().$context;
    const refused = await refusal(() => context.internalAdapter.createSession(id));
    expect(refused.status).toBe(403);
    expect(await sessionCount(id)).toBe(1);
  });

  it("Better Auth's password endpoints are not reachable over HTTP at all", async () => {
    const response = await getAuth().handler(
      new Request("http://localhost:3000/api/auth/sign-in/email", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
        body: JSON.stringify({ email: "x@example.com", password: "whatever-1" }),
      }),
    );
    expect(response.status).toBe(404);
  });
});

describe("a suspended user cannot keep a session", () => {
  it("a live session stops working on the very next request, and is deleted", async () => {
    const email = `suspended.live.${run}@example.com`;
    const cookie = await signedInCookie(email);
    const request = () => new Request("http://localhost:3000/profile", { headers: { Cookie: cookie } });
    const id = await userIdOf(email);
    expect((await getOptionalUser(request()))?.email).toBe(email);
    expect(await getSessionUserId(request())).toBe(id);

    await markSuspended(email);
    // The hot API path (no profile read) refuses at once too.
    expect(await getSessionUserId(request())).toBeNull();
    expect(await getOptionalUser(request())).toBeNull();
    expect(await sessionCount(id)).toBe(0);

    // Restoring does not bring the ended session back.
    await markSuspended(email, false);
    expect(await getOptionalUser(request())).toBeNull();
  });

  it("Better Auth's own get-session answers no session once the sessions are gone", async () => {
    const email = `suspended.get.${run}@example.com`;
    const headers = new Headers({ Cookie: cookieHeader((await devSignIn(email).then((r) => (r.ok ? r.headers : new Headers()))).getSetCookie()) });
    const id = await userIdOf(email);
    await markSuspended(email);
    await db().execute(sql`delete from session where user_id = ${id}`);
    expect(await getAuth().api.getSession({ headers })).toBeNull();
  });
});
