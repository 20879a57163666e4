import { isAPIError } from "better-auth/api";
import { sql } from "drizzle-orm";
import { getDb } from "~/db/registry.server";
import { getAuth } from "~/domain/auth/auth.server";
import type { AuthSettings } from "~/domain/auth/config.server";

export const TEST_SECRET = "test-secret-test-secret-test-secret-0123456789";
export const APP_URL = "http://localhost:3000";

export function localSettings(overrides: Partial<AuthSettings> = {}): AuthSettings {
  return { appUrl: APP_URL, secret: TEST_SECRET, google: null, devSignIn: "auto", ...overrides };
}

/**
 * Signs an e-mail in through the Better Auth instance's development sign-in endpoint (what
 * /auth/dev uses; the instance must allow it, as localSettings() does): the answer's headers.
 */
export async function devSignInHeaders(email: string): Promise<Headers> {
  const { headers } = await getAuth().api.devSignIn({ body: { email }, returnHeaders: true });
  return headers;
}

/**
 * The development sign-in as features/auth/sign-in.server.ts's devSignIn answers it, minus the
 * request checks: for tests of other features, which may not import that feature.
 */
export async function devSignIn(email: string): Promise<{ ok: true; headers: Headers } | { ok: false; error: string }> {
  try {
    return { ok: true, headers: await devSignInHeaders(email) };
  } catch (error) {
    if (isAPIError(error)) return { ok: false, error: error.message };
    throw error;
  }
}

/** The Cookie header of a new session for the e-mail (see devSignInHeaders): how tests sign users in. */
export async function signedInCookie(email: string): Promise<string> {
  return cookieHeader((await devSignInHeaders(email)).getSetCookie());
}

/** An administrator (a password account listed in admin_users) and the cookie of their session. */
export async function adminCookie(email: string, password = "admin-password-1"): Promise<string> {
  const { headers } = await getAuth().api.signUpEmail({ body: { email, password, name: "Admin" }, returnHeaders: true });
  await getDb().execute(sql`insert into admin_users (email) values (${email})`);
  return cookieHeader(headers.getSetCookie());
}

/** A request carrying the cookies a response set (name=value pairs only). */
export function cookieHeader(setCookies: string[]): string {
  return setCookies
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

export function formRequest(path: string, fields: Record<string, string>, init: { cookie?: string; origin?: string } = {}) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Origin: init.origin ?? APP_URL });
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(`${APP_URL}${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}
