/**
 * A short-lived cache of rendered pages for anonymous visitors. Signed-in requests, non-GET
 * requests and responses that set cookies or say private/no-store never touch it. Entries live
 * for a few seconds, so instances need not tell each other about changes.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
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

/** Called after writes that change what anonymous visitors see. */
export function clearPageCache() {
  store().clear();
}

/** A session, or a one-time flash message (app/lib/flash.server.ts), makes the page personal. */
const SESSION_COOKIE = /(?:^|;\s*)(?:(?:__Secure-)?[\w.-]*session_token|toolnest_flash)=/;

export function isAnonymous(cookieHeader: string | undefined): boolean {
  return !cookieHeader || !SESSION_COOKIE.test(cookieHeader);
}
