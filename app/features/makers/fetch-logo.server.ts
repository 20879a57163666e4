/**
 * Fetch Logo for the Basic Information form: the site's icon found and stored by the safe
 * fetcher (decision 030), limited per user because every call makes outbound requests.
 */
import { consumeAll } from "~/domain/rate-limit.server";
import { fetchSiteLogo, LOGO_URL_REQUIRED_MESSAGE, type SiteLogoOptions } from "~/lib/fetch/site-logo.server";
import { RATE_LIMIT_MESSAGE, type RateLimitRule } from "~/lib/http/rate-limit";
import type { Storage } from "~/lib/storage/storage.server";
import { LOGO_FETCHED, type FetchLogoResult } from "./makers";

export const FETCH_LOGO_LIMITS: Record<"burst" | "daily", RateLimitRule> = {
  burst: { limit: 10, windowSeconds: 60 },
  daily: { limit: 100, windowSeconds: 86_400 },
};

export async function fetchLogoForUser(
  userId: string,
  websiteUrl: string,
  storage: Pick<Storage, "putObject">,
  options: SiteLogoOptions = {},
): Promise<{ status: 200 | 400 | 422 | 429; result: FetchLogoResult }> {
  // An empty field makes no request: it is answered before it counts against the limit.
  if (!websiteUrl.trim()) return { status: 400, result: { ok: false, message: LOGO_URL_REQUIRED_MESSAGE } };
  const limited = await consumeAll([
    { key: `fetch-logo:user:${userId}`, rule: FETCH_LOGO_LIMITS.burst },
    { key: `fetch-logo:user-day:${userId}`, rule: FETCH_LOGO_LIMITS.daily },
  ]);
  if (!limited.ok) return { status: 429, result: { ok: false, message: RATE_LIMIT_MESSAGE } };
  const logo = await fetchSiteLogo(websiteUrl, storage, options);
  return logo.ok ? { status: 200, result: { ok: true, logoUrl: logo.url, message: LOGO_FETCHED } } : { status: 422, result: { ok: false, message: logo.message } };
}
