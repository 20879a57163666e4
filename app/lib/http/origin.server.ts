import { data } from "react-router";
import { env } from "../env.server";

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/** localhost, *.localhost, 127.0.0.0/8 and ::1 (as URL.hostname spells them). */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "[::1]";
}

/**
 * The origins this site's own pages are served from: APP_URL's, and, when APP_URL is a loopback
 * address, the other names of this machine on the same scheme and port (a newcomer with
 * APP_URL=http://localhost:3000 who opens http://127.0.0.1:3000 is on the same server). Safe by
 * construction on a public server: a public APP_URL adds nothing, and only this machine can be
 * at a loopback origin.
 */
export function siteOrigins(appUrl = env().APP_URL): string[] {
  const url = new URL(appUrl);
  if (!isLoopbackHost(url.hostname)) return [url.origin];
  const port = url.port ? `:${url.port}` : "";
  const aliases = LOOPBACK_NAMES.map((name) => `${url.protocol}//${name}${port}`);
  return [url.origin, ...aliases.filter((origin) => origin !== url.origin)];
}

/**
 * Mutations from other sites are refused (browsers send Origin on every POST). A write comes from
 * this site when its Origin is one of siteOrigins(), or, without one, when it is not marked cross-site.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  return origin ? siteOrigins().includes(origin) : request.headers.get("Sec-Fetch-Site") !== "cross-site";
}

export function assertSameOrigin(request: Request) {
  if (!isSameOrigin(request)) throw data({ error: "Forbidden" }, { status: 403 });
}
