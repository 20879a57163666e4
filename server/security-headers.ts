/**
 * Security headers on every response (decision 027): a Content-Security-Policy whose script
 * nonce is new for each response, HSTS on an https APP_URL, and the fixed headers that keep the
 * site out of frames, stop MIME sniffing, trim the Referer and turn off device APIs.
 */
import crypto from "node:crypto";
import type { ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { env, type Env } from "../app/lib/env.server";

type Mode = "production" | "development";

const NONCE_BYTES = 16;
/** Random bytes for 256 nonces, drawn at once: one call per nonce cost 6% of a page-cache hit. */
const POOL_BYTES = NONCE_BYTES * 256;
let pool = Buffer.alloc(0);
let poolAt = 0;

/**
 * 16 random bytes in base64: 24 characters that no page contains by chance. The bytes come from
 * the system's CSPRNG in blocks (as Node's randomUUID does), and each byte is used once.
 */
export function newNonce(): string {
  if (poolAt + NONCE_BYTES > pool.length) {
    pool = crypto.randomBytes(POOL_BYTES);
    poolAt = 0;
  }
  const nonce = pool.toString("base64", poolAt, poolAt + NONCE_BYTES);
  poolAt += NONCE_BYTES;
  return nonce;
}

export const NONCE_LENGTH = newNonce().length;

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The policy with a placeholder where each response's nonce goes. */
function policyTemplate(e: Env, mode: Mode): [string, string] {
  // A native (pre-hydration) post to /auth is redirected to the identity provider; browsers check
  // form-action on that redirect too, so the provider's origin (its discovery document's) is allowed.
  const formAction = ["'self'", e.GOOGLE_CLIENT_ID ? originOf(e.GOOGLE_DISCOVERY_URL) : null];
  // blob: is the avatar preview before upload (Edit Profile). Avatars in a bucket on a plain-http
  // endpoint (a local MinIO) are not covered by https:.
  const images = ["'self'", "data:", "blob:", "https:", e.S3_BUCKET ? originOf(e.S3_PUBLIC_URL ?? e.S3_ENDPOINT) : null];
  // blob: URLs are made only by this page's own scripts: Chromium also reads the avatar preview's
  // one through connect-src. Vite's hot reload talks over a WebSocket on its own port in development.
  const connect = ["'self'", "blob:", mode === "development" ? "ws:" : null];
  const directives = [
    "default-src 'self'",
    "script-src 'self' 'nonce-\0'",
    // Tailwind's and Radix's inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images.filter(Boolean).join(" ")}`,
    "font-src 'self' data:",
    `connect-src ${connect.filter(Boolean).join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${[...new Set(formAction.filter(Boolean))].join(" ")}`,
    "frame-ancestors 'none'",
  ];
  const [before, after] = directives.join("; ").split("\0") as [string, string];
  return [before, after];
}

interface HeaderSet {
  fixed: [string, string][];
  policy: [string, string];
}

function headerSet(e: Env, mode: Mode): HeaderSet {
  const fixed: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    // frame-ancestors 'none' for current browsers, X-Frame-Options for older ones.
    ["X-Frame-Options", "DENY"],
    ["Permissions-Policy", "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()"],
  ];
  // Behind a TLS-terminating proxy the request itself is http: the public URL decides.
  if (e.APP_URL.startsWith("https://")) fixed.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return { fixed, policy: policyTemplate(e, mode) };
}

function apply(res: ServerResponse, set: HeaderSet, nonce: string) {
  for (const [name, value] of set.fixed) res.setHeader(name, value);
  res.setHeader("Content-Security-Policy", set.policy[0] + nonce + set.policy[1]);
}

let productionSet: HeaderSet | undefined;

/**
 * Every header of the production server as a flat name, value list for `writeHead`, the policy
 * (with `nonce`) last: for cached pages, answered before Express on the page cache's hot path.
 */
export function securityHeaderList(nonce: string): string[] {
  productionSet ??= headerSet(env(), "production");
  const list: string[] = [];
  for (const [name, value] of productionSet.fixed) list.push(name, value);
  list.push("Content-Security-Policy", productionSet.policy[0] + nonce + productionSet.policy[1]);
  return list;
}

/**
 * A 304 sends no policy: the browser keeps the page it stored with that page's own policy, and
 * would otherwise update the stored policy to a nonce its stored page does not carry.
 */
export function withoutPolicy(res: ServerResponse) {
  res.removeHeader("Content-Security-Policy");
}

/** Express middleware: a fresh nonce per request in res.locals.cspNonce, and the headers. */
export function securityHeaders(mode: Mode, e: Env = env()) {
  const set = headerSet(e, mode);
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    apply(res, set, nonce);
    next();
  };
}

/** The nonce of this response, for React Router's load context (app/entry.server.tsx renders it). */
export function cspNonce(res: Response): string | undefined {
  return typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : undefined;
}

/** Where a rendered page carries its nonce, so a cached copy can be given another one. */
export function nonceOffsets(body: Buffer, nonce: string | undefined): number[] {
  const offsets: number[] = [];
  if (!nonce) return offsets;
  for (let at = body.indexOf(nonce); at !== -1; at = body.indexOf(nonce, at + nonce.length)) offsets.push(at);
  return offsets;
}

/** A digest of the page without its nonce, so the ETag stays the same from one render to the next. */
export function digestWithoutNonce(body: Buffer, offsets: readonly number[]): string {
  const hash = crypto.createHash("sha1");
  let from = 0;
  for (const at of offsets) {
    hash.update(body.subarray(from, at));
    from = at + NONCE_LENGTH;
  }
  return hash.update(body.subarray(from)).digest("base64url");
}
