import { getSessionCookie } from "better-auth/cookies";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { redirect } from "react-router";
import { col, selectRow } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { copySetCookies } from "~/lib/http/set-cookies";
import { setFlash } from "../flash.server";
import { ensureProfile, getProfile, touchLastActive, type Profile } from "../people/profile-record.server";
import { getAuth, getAuthState } from "./auth.server";
import { DEV_PROVIDER_ID } from "./dev-sign-in.server";
import { currentPath } from "./redirect-path";
import { hasLiveSessionCookie, rememberDeadSession, sessionCookieValues, verifiedSessionToken } from "./session-cookie.server";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  profile: Profile;
}

interface ResolvedSession {
  user: SessionUser | null;
  /** Set-Cookie values Better Auth produced while reading the session. */
  setCookies: string[];
}

const resolved = new WeakMap<object, Promise<ResolvedSession>>();

/**
 * What one request's session is remembered under. React Router hands every loader its own copy
 * of the Request (server-runtime's callRouteHandler strips `?index` and `_routes` into a new
 * Request), so the root loader and the page's loader share only the load context. The server
 * marks the context of a read (GET or HEAD: `sessionScope`, server/request-handler.ts) so that
 * they resolve the session once together; on a write the action may sign in or out or change the
 * profile, so the loaders that run after it read the session again.
 */
function memoKey(request: Request, context: unknown): object {
  return context && typeof context === "object" && (context as { sessionScope?: unknown }).sessionScope === true ? context : request;
}

/**
 * The signed-in user, or null, resolved once per request (see memoKey): pass the loader's
 * `context` so that the root and page loaders share it. Requests without a session cookie never
 * touch the database.
 */
export function getOptionalUser(request: Request, context?: unknown): Promise<SessionUser | null> {
  return resolveSession(request, context).then((session) => session.user);
}

/**
 * Set-Cookie values Better Auth produced while reading this request's session (a session
 * extended after a day of use gets a fresh cookie; an expired or unknown one is cleared). The
 * root loader sends them, after getOptionalUser with the same arguments.
 */
export async function sessionCookieUpdates(request: Request, context?: unknown): Promise<string[]> {
  return (await resolveSession(request, context)).setCookies;
}

function resolveSession(request: Request, context: unknown): Promise<ResolvedSession> {
  const key = memoKey(request, context);
  let session = resolved.get(key);
  if (!session) {
    session = readSession(request);
    resolved.set(key, session);
  }
  return session;
}

async function readSession(request: Request): Promise<ResolvedSession> {
  if (!getSessionCookie(request.headers)) return { user: null, setCookies: [] };
  // A cookie with no valid signature, or whose session is known gone, is no session: no Better
  // Auth call and no query, as for an anonymous visit (issue 34; server/page-cache.ts serves it).
  const secret = getAuthState().settings.secret;
  const cookies = request.headers.get("cookie");
  if (!hasLiveSessionCookie(cookies, secret)) return { user: null, setCookies: [] };
  const { headers, response: result } = await getAuth().api.getSession({ headers: request.headers, returnHeaders: true });
  const setCookies = headers.getSetCookie();
  if (!result) {
    // Better Auth also clears the cookie (setCookies); clients that keep sending it cost no more lookups.
    forgetSession(cookies, secret);
    return { user: null, setCookies };
  }
  const db = getDb();
  if (result.user.suspendedAt) {
    // Suspending deletes the sessions; one that slipped in concurrently ends here (decision 044).
    await db.execute(sql`delete from session where user_id = ${result.user.id}`);
    forgetSession(cookies, secret);
    return { user: null, setCookies };
  }
  let profile = await getProfile(db, result.user.id);
  if (!profile) {
    await ensureProfile(db, { id: result.user.id, email: result.user.email });
    profile = await getProfile(db, result.user.id);
    if (!profile) return { user: null, setCookies };
  }
  // "Last active" moves in 5-minute steps: most requests need no write.
  const since = Date.now() - new Date(profile.last_active_at).getTime();
  if (!(since < 5 * 60_000)) await touchLastActive(db, result.user.id);
  const user = { id: result.user.id, email: result.user.email, name: result.user.name, image: result.user.image ?? null, profile };
  return { user, setCookies };
}

/** The request's one validly signed session token has no session (any longer): remember it as gone. */
function forgetSession(cookies: string | null, secret: string) {
  const tokens = sessionCookieValues(cookies).map((raw) => verifiedSessionToken(raw, secret));
  if (tokens.length === 1 && tokens[0]) rememberDeadSession(tokens[0]);
}

/**
 * Only the signed-in user's id, for hot API writes: the session cookie's signature checked here
 * (Better Auth's format: `token.base64(HMAC-SHA256(secret, token))`) and one indexed query for a
 * live session. No profile read, no "last active" write, no cookie refresh (the next page visit
 * does those). Better Auth's own getSession costs about 3 ms of CPU per call; this about 0.3.
 */
export async function getSessionUserId(request: Request): Promise<string | null> {
  const raw = getSessionCookie(request.headers);
  const token = raw ? verifiedSessionToken(raw, getAuthState().settings.secret) : null;
  if (!token) return null;
  const row = await selectRow(
    getDb(),
    z.object({ user_id: col.text }),
    sql`select s.user_id from session s join "user" u on u.id = s.user_id
        where s.token = ${token} and s.expires_at > now() and u.suspended_at is null`,
  );
  return row?.user_id ?? null;
}

export async function requireUser(request: Request, context?: unknown): Promise<SessionUser> {
  const user = await getOptionalUser(request, context);
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
  const row = await selectRow(
    getDb(),
    z.object({ admin: col.bool }),
    sql`select exists (select 1 from admin_users where email = lower(${user.email}))
           and exists (select 1 from account where user_id = ${user.id} and provider_id = 'credential')
           and not exists (select 1 from account where user_id = ${user.id} and provider_id = ${DEV_PROVIDER_ID}) as admin`,
  );
  return row?.admin === true;
}

export async function requireAdmin(request: Request, context?: unknown): Promise<SessionUser> {
  const user = await getOptionalUser(request, context);
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

/** Signs out through Better Auth; the returned headers clear the session cookies. */
export async function signOut(request: Request): Promise<Headers> {
  try {
    const { headers } = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
    return copySetCookies(headers);
  } catch {
    // No session (already signed out): clearing the cookies is still right.
    const { headers } = await getAuth()
      .api.signOut({ headers: new Headers(), returnHeaders: true })
      .catch(() => ({ headers: new Headers() }));
    return copySetCookies(headers);
  }
}
