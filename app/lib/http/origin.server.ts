import { data } from "react-router";
import { env } from "../env.server";

/**
 * Mutations from other sites are refused (browsers send Origin on every POST). A write comes from
 * this site when its Origin is APP_URL's, or, without one, when it is not marked cross-site.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  return origin ? origin === new URL(env().APP_URL).origin : request.headers.get("Sec-Fetch-Site") !== "cross-site";
}

export function assertSameOrigin(request: Request) {
  if (!isSameOrigin(request)) throw data({ error: "Forbidden" }, { status: 403 });
}
