/**
 * Better Auth's session cookie judged without the database (issue 34): its value is
 * `token.base64(HMAC-SHA256(secret, token))` (better-call's signed cookies). A cookie whose
 * signature does not verify is no session at all, so the visit is anonymous: the page cache
 * serves it and the session lookup skips Better Auth and the database. A validly signed token
 * whose session the database did not have is remembered here for a while (tokens are random per
 * session, so a missing session never comes back): later requests with it are anonymous too.
 */
import crypto from "node:crypto";

/** The names Better Auth gives the session cookie (default prefix; `__Secure-` on https). */
const SESSION_COOKIE_NAMES = new Set(["better-auth.session_token", "__Secure-better-auth.session_token"]);

/** The values of the session cookies in a Cookie header (several if the client sends several). */
export function sessionCookieValues(cookieHeader: string | undefined | null): string[] {
  if (!cookieHeader) return [];
  const values: string[] = [];
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || !SESSION_COOKIE_NAMES.has(part.slice(0, eq).trim())) continue;
    values.push(part.slice(eq + 1).trim());
  }
  return values;
}

/** The token of a session cookie whose signature the secret verifies; null for anything else. */
export function verifiedSessionToken(raw: string, secret: string): string | null {
  let value = raw;
  if (value.startsWith('"') && value.endsWith('"') && value.length > 1) value = value.slice(1, -1);
  try {
    value = decodeURIComponent(value);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  // Better Auth's signature is 44 characters of base64 ending in "=": nothing else needs an HMAC.
  if (signature.length !== 44) return null;
  const expected = Buffer.from(crypto.createHmac("sha256", secret).update(token).digest("base64"));
  return crypto.timingSafeEqual(signature, expected) ? token : null;
}

/** How long a token found without a session is remembered, and how many at most. */
const DEAD_TTL_MS = 60 * 60_000;
const MAX_DEAD = 10_000;
/** Read by the page cache (server/page-cache.ts) and written by the session lookup: one copy in the bundle. */
const dead = new Map<string, number>();

function deadTokens(): Map<string, number> {
  return dead;
}

/** The session lookup found no live session for this validly signed token. */
export function rememberDeadSession(token: string, now = Date.now()) {
  const dead = deadTokens();
  dead.delete(token);
  dead.set(token, now + DEAD_TTL_MS);
  while (dead.size > MAX_DEAD) dead.delete(dead.keys().next().value!);
}

export function isDeadSession(token: string, now = Date.now()): boolean {
  const dead = deadTokens();
  const until = dead.get(token);
  if (until === undefined) return false;
  if (until > now) return true;
  dead.delete(token);
  return false;
}

/**
 * Whether the Cookie header carries a session cookie that may belong to a live session: signed
 * with the secret and not known to be gone. Without a secret, any session cookie counts.
 */
export function hasLiveSessionCookie(cookieHeader: string | undefined | null, secret: string | undefined): boolean {
  for (const raw of sessionCookieValues(cookieHeader)) {
    if (!secret) return true;
    const token = verifiedSessionToken(raw, secret);
    if (token !== null && !isDeadSession(token)) return true;
  }
  return false;
}
