import crypto from "node:crypto";
import { getAuthState } from "~/domain/auth/auth.server";
import { clientIp } from "~/lib/http/client-address";

/** Today's date in UTC (YYYY-MM-DD): the day views are counted on and the visitor hash is keyed to. */
export function utcDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * A keyed hash of the visitor for one day: the signed-in user, else the address and browser. It
 * counts distinct visitors without keeping who they are: a new day gives a new, unrelated value,
 * and without the server's secret the value cannot be traced back to an address.
 */
export function visitorHash(
  who: { userId: string | null; ip: string; userAgent: string | null },
  day = utcDay(),
  secret = getAuthState().settings.secret,
): string {
  const subject = who.userId ? `user:${who.userId}` : `anon:${who.ip}|${who.userAgent ?? ""}`;
  return crypto.createHmac("sha256", secret).update(`${day}\n${subject}`).digest("base64url").slice(0, 22);
}

/** The visitor of a request (its user id when signed in). */
export function requestVisitorHash(request: Request, userId: string | null, day = utcDay()): string {
  return visitorHash({ userId, ip: clientIp(request), userAgent: request.headers.get("user-agent") }, day);
}
