import crypto from "node:crypto";
import { getSessionCookie } from "better-auth/cookies";
import { sql } from "drizzle-orm";
import { redirect } from "react-router";
import { queryRows } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
import { ensureProfile, getProfile, touchLastActive, type Profile } from "~/features/profile/profile.server";
import { setFlash } from "~/lib/flash.server";
import { getAuth, getAuthState } from "./auth.server";
import { DEV_PROVIDER_ID } from "./dev-sign-in.server";
import { currentPath } from "./redirect-path";

export { safeRedirectPath } from "./redirect-path";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  profile: Profile;
}

const refreshedCookies = new WeakMap<Request, string[]>();

/**
 * Set-Cookie values Better Auth produced while reading this request's session (a session
 * extended after a day of use gets a fresh cookie; an expired or unknown one is cleared). The
 * root loader sends them.
 */
export function sessionCookieUpdates(request: Request): string[] {
  return refreshedCookies.get(request) ?? [];
}

/** The signed-in user, or null. Requests without a session cookie never touch the database. */
export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  if (!getSessionCookie(request.headers)) return null;
  const { headers, response: result } = await getAuth().api.getSession({ headers: request.headers, returnHeaders: true });
  const setCookies = headers.getSetCookie();
  if (setCookies.length) refreshedCookies.set(request, setCookies);
  if (!result) return null;
  const db = getDb();
  let profile = await getProfile(db, result.user.id);
  if (!profile) {
    await ensureProfile(db, { id: result.user.id, email: result.user.email });
    profile = await getProfile(db, result.user.id);
    if (!profile) return null;
  }
  // "Last active" moves in 5-minute steps: most requests need no write.
  const since = Date.now() - new Date(profile.last_active_at).getTime();
  if (!(since < 5 * 60_000)) await touchLastActive(db, result.user.id);
  return {
    id: result.user.id,
    email: result.user.email,
    name: result.user.name,
    image: result.user.image ?? null,
    profile,
  };
}

/**
 * Only the signed-in user's id, for hot API writes: the session cookie's signature checked here
 * (Better Auth's format: `token.base64(HMAC-SHA256(secret, token))`) and one indexed query for a
 * live session. No profile read, no "last active" write, no cookie refresh (the next page visit
 * does those). Better Auth's own getSession costs about 3 ms of CPU per call; this about 0.3.
 */
export async function getSessionUserId(request: Request): Promise<string | null> {
  const raw = getSessionCookie(request.headers);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(crypto.createHmac("sha256", getAuthState().settings.secret).update(token).digest("base64"));
  if (signature.length !== expected.length || !crypto.timingSafeEqual(signature, expected)) return null;
  const rows = await queryRows<{ user_id: string }>(
    getDb(),
    sql`select user_id from session where token = ${token} and expires_at > now()`,
  );
  return rows[0]?.user_id ?? null;
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw redirect(`/auth?redirectTo=${encodeURIComponent(currentPath(request))}`);
  return user;
}

export const ACCESS_DENIED = "Access Denied: You don't have admin privileges.";

/**
 * Admin: an admin_users entry for the e-mail and a password account (admins sign in with it on
 * /login), and never a user the development sign-in made. The development sign-in can neither
 * add a `dev` account to an existing user nor sign in a user with a password (decision 025), so
 * it cannot take these rights away either.
 */
export async function isAdmin(user: Pick<SessionUser, "id" | "email">): Promise<boolean> {
  const rows = await queryRows<{ admin: boolean }>(
    getDb(),
    sql`select exists (select 1 from admin_users where email = lower(${user.email}))
           and exists (select 1 from account where user_id = ${user.id} and provider_id = 'credential')
           and not exists (select 1 from account where user_id = ${user.id} and provider_id = ${DEV_PROVIDER_ID}) as admin`,
  );
  return rows[0]?.admin === true;
}

export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(currentPath(request))}`);
  if (!(await isAdmin(user))) {
    throw redirect("/", { headers: { "Set-Cookie": await setFlash({ kind: "error", message: ACCESS_DENIED }) } });
  }
  return user;
}

/** What the browser may know about the signed-in user. */
export function publicUser(user: SessionUser | null) {
  if (!user) return null;
  return {
    id: user.id,
    email: user.email,
    username: user.profile.username,
    avatar: user.profile.avatar_url ?? user.image,
  };
}
