/**
 * A short-lived cache of rendered pages for anonymous visitors. Signed-in requests, non-GET
 * requests and responses that set cookies or say private/no-store never touch it. Entries live
 * for a few seconds; writes that change a public page drop it sooner on every instance through
 * app/db/cache-bus.server.ts (see dropCachedPages).
 */
import type { ServerResponse } from "node:http";
import type { CacheTag } from "../app/db/cache-bus.server";
import { resolveAuthSecret } from "../app/domain/auth/config.server";
import { hasLiveSessionCookie } from "../app/domain/auth/session-cookie.server";
import { env } from "../app/lib/env.server";
import { FLASH_COOKIE } from "../app/lib/http/headers";
import { NONCE_LENGTH } from "./security-headers";

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The same as name, value, name, value… for writeHead, made on the first hit. */
  flatHeaders?: string[];
  body: Buffer;
  etag: string;
  /** Offsets of the render's CSP nonce in body; each copy served gets a fresh one there. */
  nonceAt?: number[];
  /** Copies of body to send with a fresh nonce, made on the first hit (NonceCopies). */
  copies?: NonceCopies;
  expires: number;
  /** Copies of it gzipped, made on the first request that takes gzip (server/html-gzip.ts). */
  gzip?: NonceCopies;
  /** The cache tags of the data it was rendered from (app/db/data-cache.server.ts). */
  tags?: ReadonlySet<string>;
}

const pages = new Map<string, CachedPage>();

function store(): Map<string, CachedPage> {
  return pages;
}

export const MAX_ENTRIES = 1000;
export const MAX_BODY_BYTES = 1024 * 1024;

export function getCachedPage(key: string, now = Date.now()): CachedPage | undefined {
  const entry = store().get(key);
  if (!entry) return undefined;
  if (entry.expires <= now) {
    forget(key, entry);
    return undefined;
  }
  return entry;
}

export function putCachedPage(key: string, page: CachedPage) {
  if (page.body.byteLength > MAX_BODY_BYTES) return;
  const cache = store();
  const old = cache.get(key);
  if (old) forget(key, old);
  cache.set(key, page);
  while (cache.size > MAX_ENTRIES) {
    const [oldest, entry] = cache.entries().next().value!;
    forget(oldest, entry);
  }
}

export function clearPageCache() {
  const cache = store();
  for (const page of cache.values()) release(page);
  cache.clear();
}

function forget(key: string, page: CachedPage) {
  store().delete(key);
  release(page);
}

function release(page: CachedPage) {
  page.copies?.release();
  page.gzip?.release();
}

/**
 * Drops the pages an invalidation names: a product's page (any query string or sub-path), every
 * page that is not a product page ("lists", and "stats": lists show and sort by upvotes), every
 * page rendered from cached data with one of the tags (a product page showing Spotlight depends
 * on "stats"; one showing a reviewer, on that person), or everything ("all"). Keys are host + URL.
 */
export function dropCachedPages(tags: readonly CacheTag[]) {
  if (tags.includes("all")) return clearPageCache();
  const lists = tags.includes("lists") || tags.includes("stats");
  const products = tags.filter((tag) => tag.startsWith("product:")).map((tag) => `/resources/${tag.slice("product:".length)}`);
  const cache = store();
  for (const [key, page] of cache) {
    const url = key.slice(key.indexOf("/"));
    if (
      (lists && !url.startsWith("/resources/")) ||
      products.some((product) => isPageOrBelow(url, product)) ||
      (page.tags && tags.some((tag) => page.tags!.has(tag)))
    ) {
      forget(key, page);
    }
  }
}

function isPageOrBelow(url: string, page: string) {
  return url === page || url.startsWith(`${page}?`) || url.startsWith(`${page}/`);
}

/** A one-time flash message (app/domain/flash.server.ts) makes the page personal. */
const FLASH = new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=`);

/**
 * A live session makes the page personal: Better Auth's session cookie with a valid signature
 * whose session is not known to be gone (app/domain/auth/session-cookie.server.ts). Any other
 * cookie, a session cookie with a bad signature included, leaves the visit anonymous: it gets
 * the cached page, and the render skips the session lookup (issue 34).
 */
export function isAnonymous(cookieHeader: string | undefined, secret: string | null = authSecret()): boolean {
  if (!cookieHeader) return true;
  if (FLASH.test(cookieHeader)) return false;
  if (!cookieHeader.includes("session_token")) return true;
  return !hasLiveSessionCookie(cookieHeader, secret ?? undefined);
}

let secretMemo: string | undefined;
/** The auth secret as the app resolves it; null (every session cookie then counts) while it cannot be. */
function authSecret(): string | null {
  if (secretMemo) return secretMemo;
  try {
    secretMemo = resolveAuthSecret(env());
  } catch {
    return null;
  }
  return secretMemo;
}

/** Free copies held across all cached pages, at most. */
const MAX_FREE_BYTES = 16 * 1024 * 1024;
let freeBytes = 0;

/**
 * Sends a cached page with a fresh nonce (all have the same length) where the render's stood.
 * Each response goes out as one Buffer, as a bare server sends a page: written in slices around
 * the nonces, with the nonces as strings, Node's writev cost a page-cache hit about 10% more
 * (issue 17), and a new 40 KB copy per response more still. So copies are kept: once Node has
 * handed one to the socket ('finish'), it goes back to its page's free list, and the next
 * response only overwrites the nonces in it. Free copies across all pages are capped
 * (MAX_FREE_BYTES); those of a page that leaves the cache are let go (release).
 */
export class NonceCopies {
  #free: Buffer[] = [];
  #released = false;

  /** `also` writes what else depends on the nonce (a gzip member's CRC, server/html-gzip.ts). */
  constructor(
    private readonly body: Buffer,
    private readonly offsets: readonly number[],
    private readonly also?: (copy: Buffer, nonce: string) => void,
  ) {}

  get length() {
    return this.body.length;
  }

  /** The bytes as made, with the nonce they were rendered with (for the render's own response). */
  get original(): Buffer {
    return this.body;
  }

  end(res: ServerResponse, nonce: string) {
    if (this.offsets.length === 0) return void res.end(this.body);
    if (nonce.length !== NONCE_LENGTH) throw new Error("a nonce of another length than the page's");
    const copy = this.#take();
    for (const at of this.offsets) copy.write(nonce, at, NONCE_LENGTH, "latin1");
    this.also?.(copy, nonce);
    res.end(copy, () => this.#giveBack(copy));
  }

  /** The page left the cache: its free copies go, and copies still being sent are not kept. */
  release() {
    this.#released = true;
    freeBytes -= this.#free.length * this.body.length;
    this.#free = [];
  }

  #take(): Buffer {
    const copy = this.#free.pop();
    if (!copy) return Buffer.from(this.body);
    freeBytes -= copy.length;
    return copy;
  }

  #giveBack(copy: Buffer) {
    if (this.#released || freeBytes + copy.length > MAX_FREE_BYTES) return;
    freeBytes += copy.length;
    this.#free.push(copy);
  }
}
