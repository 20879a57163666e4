import { data } from "react-router";
import type { Route } from "./+types/makers.search";
import { getOptionalUser, isAdmin } from "~/domain/auth/session.server";
import { MAKER_SEARCH_MIN_MESSAGE, searchMakers, searchText } from "~/domain/people/maker-search.server";
import { consume } from "~/domain/rate-limit.server";
import { RATE_LIMIT_MESSAGE } from "~/lib/http/rate-limit";

/** Searches a second per keystroke at most after the picker's pause; generous for people, tight for scrapers. */
const MAKER_SEARCH_LIMIT = { limit: 60, windowSeconds: 60 };

/**
 * GET /makers/search?q= (signed-in only): up to 5 people by username, and for admins up to 5 by
 * e-mail, as `{ users: [{ id, username, avatar_url, email? }] }`. 401 signed out, 400 under 2
 * characters, 429 over the per-user limit.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  if (!user) return data({ users: [], error: "Authentication required" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  const text = searchText(new URL(request.url).searchParams.get("q"));
  if (text === null) return data({ users: [], error: MAKER_SEARCH_MIN_MESSAGE }, { status: 400, headers: { "Cache-Control": "no-store" } });
  const limited = await consume(`makers-search:user:${user.id}`, MAKER_SEARCH_LIMIT);
  if (!limited.ok) {
    return data(
      { users: [], error: RATE_LIMIT_MESSAGE },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds), "Cache-Control": "no-store" } },
    );
  }
  const users = await searchMakers(text, { includeEmail: await isAdmin(user) });
  return data({ users }, { headers: { "Cache-Control": "private, no-store" } });
}
