/**
 * A short-lived cache of rendered pages for anonymous visitors. Signed-in requests, non-GET
 * requests and responses that set cookies or say private/no-store never touch it. Entries live
 * for a few seconds; writes that change a public page drop it sooner on every instance through
 * app/db/cache-bus.server.ts (see dropCachedPages).
 */
import type { CacheTag } from "../app/db/cache-bus.server";
import { FLASH_COOKIE } from "../app/lib/http/headers";

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  /** Offsets of the render's CSP nonce in body; each copy served gets a fresh one there. */
  nonceAt?: number[];
  expires: number;
}

const KEY = Symbol.for("toolnest.pageCache");
type Holder = { [KEY]?: Map<string, CachedPage> };

function store(): Map<string, CachedPage> {
  const holder = globalThis as Holder;
  holder[KEY] ??= new Map();
  return holder[KEY];
}

export const MAX_ENTRIES = 1000;
export const MAX_BODY_BYTES = 1024 * 1024;

export function getCachedPage(key: string, now = Date.now()): CachedPage | undefined {
  const entry = store().get(key);
  if (!entry) return undefined;
  if (entry.expires <= now) {
    store().delete(key);
    return undefined;
  }
  return entry;
}

export function putCachedPage(key: string, page: CachedPage) {
  if (page.body.byteLength > MAX_BODY_BYTES) return;
  const cache = store();
  cache.delete(key);
  cache.set(key, page);
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
}

export function clearPageCache() {
  store().clear();
}

/**
 * Drops the pages an invalidation names: a product's page (any query string or sub-path),
 * every page that is not a product page ("lists"), or everything ("all"). Keys are host + URL.
 */
export function dropCachedPages(tags: readonly CacheTag[]) {
  if (tags.includes("all")) return clearPageCache();
  const lists = tags.includes("lists");
  const products = tags.filter((tag) => tag.startsWith("product:")).map((tag) => `/resources/${tag.slice("product:".length)}`);
  const cache = store();
  for (const key of cache.keys()) {
    const url = key.slice(key.indexOf("/"));
    if ((lists && !url.startsWith("/resources/")) || products.some((page) => isPageOrBelow(url, page))) cache.delete(key);
  }
}

function isPageOrBelow(url: string, page: string) {
  return url === page || url.startsWith(`${page}?`) || url.startsWith(`${page}/`);
}

/** A session, or a one-time flash message (app/domain/flash.server.ts), makes the page personal. */
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:(?:__Secure-)?[\\w.-]*session_token|${FLASH_COOKIE})=`);

export function isAnonymous(cookieHeader: string | undefined): boolean {
  return !cookieHeader || !SESSION_COOKIE.test(cookieHeader);
}
