/**
 * Fetches a URL a visitor gave us (a product's website, its icon) without letting that visitor
 * reach the server's own network: only http(s), only public addresses — checked after DNS
 * resolution and pinned, so the connection goes to the very address that was checked (a DNS
 * rebinding between check and connect cannot slip through) — checked again on every redirect,
 * and capped in time and size while streaming. See docs/decisions/030-safe-fetcher.md.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isLoopbackAddress, isPublicAddress, normalizeIp } from "./address-policy.server";
import { services } from "../services.server";

export type FetchRefusalReason =
  | "invalid url"
  | "unsupported url"
  | "private address"
  | "dns failure"
  | "connection failed"
  | "bad status"
  | "too many redirects"
  | "too large"
  | "timed out"
  | "not an image";

export class FetchRefused extends Error {
  override readonly name = "FetchRefused";

  constructor(
    readonly reason: FetchRefusalReason,
    readonly url: string,
    detail?: string,
  ) {
    super(`Fetch refused (${reason})${detail ? `: ${detail}` : ""} – ${url}`);
  }
}

export interface SafeFetchOptions {
  /** Body cap in bytes (default 1 MB): past it the download is aborted and refused as "too large". */
  maxBytes?: number;
  /** Whole fetch, redirects and DNS included (default 5 s). */
  timeoutMs?: number;
  /** Accept header. */
  accept?: string;
  maxRedirects?: number;
  /** Keep the first maxBytes instead of refusing (an HTML page whose <head> is all we read). */
  truncate?: boolean;
  /** Aborts the fetch early (a caller's own overall deadline); answers "timed out". */
  signal?: AbortSignal;
}

export interface SafeResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  contentType: string | null;
  body: Buffer;
  truncated: boolean;
}

export type SafeFetch = (url: string | URL, options?: SafeFetchOptions) => Promise<SafeResponse>;

export type ResolvedAddress = { address: string; family: number };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeFetcherSettings {
  /** DNS resolution (default: the system resolver, as every other connection of the process). */
  resolve?: Resolver;
  /**
   * TEST ONLY: loopback addresses (127.0.0.0/8, ::1) on exactly these ports are allowed, so tests
   * can serve a site on 127.0.0.1. Nothing else is relaxed. It exists only as this argument —
   * no environment variable or setting reaches it — and is refused when NODE_ENV=production.
   */
  testOnlyAllowLoopbackPorts?: readonly number[];
}

const DEFAULTS = { maxBytes: 1024 * 1024, timeoutMs: 5000, maxRedirects: 5 };
const USER_AGENT = "ToolnestFetcher/1.0 (+logo and website checks)";

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export function createSafeFetcher(settings: SafeFetcherSettings = {}): SafeFetch {
  if ((settings.testOnlyAllowLoopbackPorts?.length ?? 0) > 0 && process.env.NODE_ENV === "production") {
    throw new Error("The safe fetcher's loopback allowance is for tests and cannot be used in production");
  }
  return makeFetcher(settings);
}

function makeFetcher(settings: SafeFetcherSettings): SafeFetch {
  const allowedLoopbackPorts = new Set(settings.testOnlyAllowLoopbackPorts ?? []);
  const resolve = settings.resolve ?? systemResolver;
  const isAllowed = (address: string, port: number) =>
    isPublicAddress(address) || (allowedLoopbackPorts.has(port) && isLoopbackAddress(address));

  return async function safeFetch(input, options = {}) {
    const settings = { ...DEFAULTS, ...options };
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), settings.timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout.signal, options.signal]) : timeout.signal;
    try {
      let url = parseTarget(String(input));
      for (let redirects = 0; ; redirects++) {
        const pinned = await resolveAllowed(url, resolve, isAllowed, signal);
        const response = await requestOnce(url, pinned, settings, signal);
        if (!("location" in response)) return response;
        if (redirects >= settings.maxRedirects) throw new FetchRefused("too many redirects", url.href);
        url = parseTarget(response.location, url);
      }
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The fetcher production code uses: public addresses only. */
export const safeFetch: SafeFetch = createSafeFetcher();

/**
 * The end-to-end harness's allowance (tests/e2e/serve.ts): the one loopback port of the local site
 * the browser tests draft from. The slot is filled only by code running in this process before the
 * server starts; no setting, variable or request reaches it, so a public server never has one. The
 * harness loads its own copy of this module before the server bundle (whose fetcher must throw the
 * bundle's FetchRefused): it passes ports, through the services object (app/lib/services.server.ts).
 */
declare module "~/lib/services.server" {
  interface Services {
    harnessLoopbackPorts: readonly number[];
  }
}
let harnessFetcher: { ports: readonly number[]; fetch: SafeFetch } | undefined;

export function installHarnessLoopbackPorts(ports: readonly number[]) {
  services().harnessLoopbackPorts = [...ports];
}

/** The fetcher for reading a website a person named: the safe fetcher, with the harness's allowance if there is one. */
export function siteFetcher(): SafeFetch {
  const ports = services().harnessLoopbackPorts;
  if (!ports?.length) return safeFetch;
  if (harnessFetcher?.ports !== ports) harnessFetcher = { ports, fetch: makeFetcher({ testOnlyAllowLoopbackPorts: ports }) };
  return harnessFetcher.fetch;
}

function parseTarget(text: string, base?: URL): URL {
  let url: URL;
  try {
    // The WHATWG parser also turns 2130706433, 0177.0.0.1 and 0x7f.1 into 127.0.0.1, so the
    // address checks below see the canonical form.
    url = new URL(text, base);
  } catch {
    throw new FetchRefused("invalid url", text);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchRefused("unsupported url", url.href, "only http and https");
  if (url.username || url.password) throw new FetchRefused("unsupported url", url.origin, "credentials in the URL");
  return url;
}

function portOf(url: URL): number {
  return Number(url.port) || (url.protocol === "https:" ? 443 : 80);
}

/** Resolves the host and answers one address, refusing when ANY of its addresses is not allowed. */
async function resolveAllowed(
  url: URL,
  resolve: Resolver,
  isAllowed: (address: string, port: number) => boolean,
  signal: AbortSignal,
): Promise<ResolvedAddress> {
  const port = portOf(url);
  const literal = normalizeIp(url.hostname);
  const addresses = literal
    ? [{ address: literal, family: literal.includes(":") ? 6 : 4 }]
    : await untilAborted(
        // The lookup's own failure is turned into a refusal here, before it races the deadline: a
        // lookup that fails after the deadline already answered must not be an unhandled rejection.
        resolve(url.hostname).catch((): never => {
          throw new FetchRefused("dns failure", url.href);
        }),
        signal,
        url,
      );
  const first = addresses[0];
  if (!first) throw new FetchRefused("dns failure", url.href);
  // One private answer is enough to refuse: a name that mixes public and private addresses is
  // exactly what a rebinding attempt looks like.
  const refused = addresses.find(({ address }) => !isAllowed(address, port));
  if (refused) throw new FetchRefused("private address", url.href, refused.address);
  return first;
}

/**
 * The promise, or "timed out" as soon as the signal aborts. The promise is always handled (also
 * when the signal is aborted already), so its late rejection is never an unhandled one.
 */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal, url: URL): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(new FetchRefused("timed out", url.href));
  }
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new FetchRefused("timed out", url.href));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** net.connect's lookup, answering only the address that was checked (in either calling form). */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

type Hop = SafeResponse | { location: string };

function requestOnce(
  url: URL,
  pinned: ResolvedAddress,
  settings: SafeFetchOptions & typeof DEFAULTS,
  signal: AbortSignal,
): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const fail = (error: unknown) => {
      if (error instanceof FetchRefused) reject(error);
      else if (signal.aborted) reject(new FetchRefused("timed out", url.href));
      else reject(new FetchRefused("connection failed", url.href, error instanceof Error ? error.message : undefined));
    };
    const request = (url.protocol === "https:" ? https : http).request({
      method: "GET",
      // The name stays the host (TLS certificate and SNI are checked against it); only the
      // address comes from the pinned lookup.
      host: normalizeIp(url.hostname) ?? url.hostname,
      port: portOf(url),
      path: `${url.pathname}${url.search}`,
      headers: {
        Host: url.host,
        Accept: settings.accept ?? "*/*",
        "Accept-Encoding": "identity",
        "User-Agent": USER_AGENT,
      },
      agent: false,
      lookup: pinnedLookup(pinned),
      signal,
    });
    request.on("error", fail);
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        request.destroy();
        resolve({ location });
        return;
      }
      if (status < 200 || status >= 300) {
        request.destroy();
        reject(new FetchRefused("bad status", url.href, String(status)));
        return;
      }
      readCapped(response, url, settings).then(
        ({ body, truncated }) =>
          resolve({ url: url.href, status, contentType: response.headers["content-type"] ?? null, body, truncated }),
        fail,
      );
    });
    request.end();
  });
}

/** Reads the body up to maxBytes, aborting (or, with truncate, stopping) as soon as it grows past. */
function readCapped(
  response: http.IncomingMessage,
  url: URL,
  { maxBytes, truncate }: { maxBytes: number; truncate?: boolean },
): Promise<{ body: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const declared = Number(response.headers["content-length"]);
    if (!truncate && Number.isFinite(declared) && declared > maxBytes) {
      response.destroy();
      reject(new FetchRefused("too large", url.href, `${declared} bytes declared`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    response.on("data", (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      if (size <= maxBytes) return;
      response.destroy();
      if (truncate) resolve({ body: Buffer.concat(chunks).subarray(0, maxBytes), truncated: true });
      else reject(new FetchRefused("too large", url.href, `more than ${maxBytes} bytes`));
    });
    response.on("end", () => resolve({ body: Buffer.concat(chunks), truncated: false }));
    response.on("error", reject);
    // A connection cut mid-body (or by the timeout) closes without "end"; after a settle this is a no-op.
    response.on("close", () => reject(new Error("connection closed before the end of the body")));
  });
}
