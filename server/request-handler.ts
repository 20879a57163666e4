import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler as createReactRouterHandler, type ServerBuild } from "react-router";
import { requestScope } from "../app/db/busy.server";
import { databaseWasBusy } from "../app/db/client.server";
import { CLIENT_IP_HEADER, PEER_ADDRESS_HEADER } from "../app/lib/http/headers";
import { logger } from "../app/lib/logger.server";
import { sendOverloaded } from "./admission";
import { bufferedBody, streamedBody } from "./body-limit";
import { acceptsGzip, gzipCopies } from "./html-gzip";
import { getCachedPage, isAnonymous, NonceCopies, putCachedPage, type CachedPage } from "./page-cache";
import { cspNonce, digestWithoutNonce, newNonce, nonceOffsets, securityHeaderList, withoutPolicy } from "./security-headers";

interface Options {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  /** Seconds an anonymous page is kept in this instance's cache; 0 turns the cache off. */
  pageCacheSeconds: number;
}

/**
 * Serves React Router responses. Anonymous GET pages get an ETag (a matching If-None-Match
 * answers 304), a public Cache-Control when the route set none, and a short-lived cache here.
 */
/**
 * Answers an anonymous GET from the page cache straight on Node's request, before Express
 * builds its request object, routes and looks for static files. Returns false on a miss.
 */
export function serveCachedPage(req: IncomingMessage, res: ServerResponse): boolean {
  if ((req.method !== "GET" && req.method !== "HEAD") || !isAnonymous(req.headers.cookie)) return false;
  const cached = getCachedPage(`${req.headers.host}${req.url}`);
  if (!cached) return false;
  // Every copy gets its own nonce, in the policy and in the page (server/security-headers.ts).
  const nonce = newNonce();
  // One flat header list for writeHead: Node then skips its per-header bookkeeping (setHeader).
  const headers = securityHeaderList(nonce);
  if (cached.status === 200 && etagMatches(req, cached.etag)) {
    // A 304 sends no policy (see withoutPolicy): the browser keeps the page it has, with its nonce.
    headers.length -= 2;
    headers.push(...(cached.flatHeaders ??= cached.headers.flat()), "ETag", cached.etag, "X-Page-Cache", "HIT");
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  headers.push(...(cached.flatHeaders ??= cached.headers.flat()), "ETag", cached.etag, "X-Page-Cache", "HIT");
  const gzip = gzipFor(req, cached);
  if (gzip) headers.push("Content-Encoding", "gzip");
  const copies = gzip ?? (cached.copies ??= new NonceCopies(cached.body, cached.nonceAt ?? []));
  headers.push("Content-Length", String(copies.length));
  res.writeHead(cached.status, headers);
  if (req.method === "HEAD") res.end();
  else copies.end(res, nonce);
  return true;
}

/** Pages smaller than this go as they are: compressing them saves less than it costs. */
const MIN_GZIP_BYTES = 1024;

/** The page's gzipped copies when the client takes gzip (compressed once per page, server/html-gzip.ts). */
function gzipFor(req: IncomingMessage, page: CachedPage): NonceCopies | null {
  if (page.body.byteLength < MIN_GZIP_BYTES || !acceptsGzip(req.headers["accept-encoding"])) return null;
  return (page.gzip ??= gzipCopies(page.body, page.nonceAt ?? []));
}

type RouteAction = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
interface ApiWriteRoute {
  pattern: RegExp;
  names: string[];
  action: RouteAction;
}

/**
 * The API's top-level resource routes with an action, matched by one precompiled expression each.
 * React Router flattens, ranks and compiles every route on each request it matches (about 1 ms
 * of CPU here); API writes such as upvote toggles come in bursts and need none of that.
 */
function apiWriteRoutes(build: ServerBuild): ApiWriteRoute[] {
  const routes: ApiWriteRoute[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route?.path?.startsWith("api/v1/") || route.parentId !== "root") continue;
    const module = route.module as { default?: unknown; action?: RouteAction };
    if (module.default || !module.action || route.path.includes("*")) continue;
    const names: string[] = [];
    const source = route.path
      .split("/")
      .map((segment) => {
        if (segment.startsWith(":")) {
          names.push(segment.slice(1));
          return "([^/]+)";
        }
        return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      })
      .join("/");
    routes.push({ pattern: new RegExp(`^/${source}/?$`), names, action: module.action });
  }
  return routes;
}

function matchApiWrite(routes: ApiWriteRoute[], pathname: string) {
  for (const route of routes) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    try {
      route.names.forEach((name, i) => (params[name] = decodeURIComponent(match[i + 1]!)));
    } catch {
      return null; // Malformed escapes: React Router answers those.
    }
    return { route, params };
  }
  return null;
}

/** What React Router makes of a resource route's result: a Response, `data()` or a plain value as JSON. */
function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  if (isData(result)) return Response.json(result.data, result.init ?? undefined);
  return Response.json(result ?? null);
}

function isData(value: unknown): value is { data: unknown; init?: ResponseInit | null } {
  return !!value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit";
}

export function createPageHandler({ build, mode, pageCacheSeconds }: Options) {
  const handle = createReactRouterHandler(build as never, mode);
  // Production has one build; development reloads it, so the fast path is production's.
  const writeRoutes = typeof build === "function" || mode !== "production" ? null : apiWriteRoutes(build);

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      if (writeRoutes && req.method !== "GET" && req.method !== "HEAD" && req.path.startsWith("/api/v1/")) {
        const matched = matchApiWrite(writeRoutes, req.path);
        if (matched) {
          const controller = new AbortController();
          res.on("close", () => controller.abort());
          let response: Response;
          try {
            response = toResponse(await matched.route.action({ request: toFetchRequest(req, controller.signal), params: matched.params, context: {} }));
          } catch (thrown) {
            // A thrown Response or data() is an answer, as React Router treats it; anything else is a bug.
            if (!(thrown instanceof Response) && !isData(thrown)) throw thrown;
            response = toResponse(thrown);
          }
          if (!response.headers.has("cache-control")) response.headers.set("Cache-Control", "private, no-store");
          return sendStreamed(res, response);
        }
      }
      const anonymousGet = (req.method === "GET" || req.method === "HEAD") && isAnonymous(req.headers.cookie);
      const cacheKey = `${req.headers.host}${req.originalUrl}`;

      const controller = new AbortController();
      res.on("close", () => controller.abort());
      const nonce = cspNonce(res);
      // A read cannot change the session: its loaders (root and page) share one session lookup.
      const sessionScope = req.method === "GET" || req.method === "HEAD";
      const response = await handle(toFetchRequest(req, controller.signal), { cspNonce: nonce, sessionScope });
      // A page that failed because no database connection came free in time: load, not a bug.
      if (response.status >= 500 && databaseWasBusy()) {
        void response.body?.cancel();
        return sendOverloaded(req, res);
      }
      // React Router answers 405 to a write on a route without an action: reads are what it allows.
      if (response.status === 405 && req.method !== "GET" && req.method !== "HEAD" && !response.headers.has("allow")) response.headers.set("Allow", "GET, HEAD");

      const cacheable =
        anonymousGet &&
        (response.status === 200 || response.status === 404) &&
        !response.headers.has("set-cookie") &&
        !/private|no-store/.test(response.headers.get("cache-control") ?? "") &&
        isTextual(response.headers.get("content-type"));
      if (!anonymousGet && !response.headers.has("cache-control")) {
        // A signed-in visitor's page names them: no shared cache may keep it.
        response.headers.set("Cache-Control", "private, no-store");
      }
      if (!cacheable || !response.body) return sendStreamed(res, response);

      const body = Buffer.from(await response.arrayBuffer());
      const nonceAt = nonceOffsets(body, nonce);
      const etag = `W/"${digestWithoutNonce(body, nonceAt)}"`;
      if (!response.headers.has("cache-control")) {
        response.headers.set(
          "Cache-Control",
          response.status === 200 ? `public, max-age=0, s-maxage=${pageCacheSeconds}, stale-while-revalidate=60` : "public, max-age=60",
        );
      }
      // The same URL renders differently for a signed-in visitor, and goes gzipped to those who take it.
      response.headers.append("Vary", "Cookie, Accept-Encoding");
      const headers = [...response.headers.entries()].filter(([name]) => name !== "content-length");
      // The tags of the cached data it was made from: the same invalidations drop the page.
      const page: CachedPage = {
        status: response.status,
        headers,
        body,
        etag,
        nonceAt,
        expires: Date.now() + pageCacheSeconds * 1000,
        tags: requestScope()?.tags,
      };
      if (pageCacheSeconds > 0) putCachedPage(cacheKey, page);
      sendRendered(req, res, page);
    } catch (error) {
      // A visitor who hung up mid-request or mid-response is not an error: there is no one left to answer.
      if (clientGone(res)) return void logger().debug({ err: error, method: req.method, url: req.originalUrl }, "client went away");
      next(error);
    }
  };
}

/**
 * Whether the client went away before its answer was complete: the connection closed under the
 * response (a reset, a closed tab, a load tool stopping). What fails then is not the server's fault.
 */
export function clientGone(res: ServerResponse): boolean {
  return !res.writableFinished && (res.destroyed || res.closed || res.socket?.destroyed === true);
}

/** Whether the client's If-None-Match already names this ETag (it may then get a 304). */
function etagMatches(req: IncomingMessage, etag: string): boolean {
  return req.headers["if-none-match"]?.split(/\s*,\s*/).includes(etag) ?? false;
}

function isTextual(contentType: string | null) {
  return !!contentType && /^(text\/|application\/(json|xml|rss\+xml)|application\/[\w.+-]+\+json)/.test(contentType);
}

function toFetchRequest(req: ExpressRequest, signal: AbortSignal): Request {
  const origin = `${req.protocol}://${req.get("host") ?? "localhost"}`;
  const url = new URL(req.originalUrl, origin);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  // The client address for rate limits (app/domain/rate-limit.server.ts); never taken from the client.
  headers.delete(CLIENT_IP_HEADER);
  if (req.ip) headers.set(CLIENT_IP_HEADER, req.ip);
  headers.delete(PEER_ADDRESS_HEADER);
  if (req.socket.remoteAddress) headers.set(PEER_ADDRESS_HEADER, req.socket.remoteAddress);
  const init: RequestInit = { method: req.method, headers, signal };
  // limitBody (server/body-limit.ts, mounted before this handler) has read the body within its cap.
  const body = bufferedBody(req);
  // The CSV upload's body is not buffered: it streams to its route, capped on the way (body-limit.ts).
  const stream = streamedBody(req);
  if (req.method !== "GET" && req.method !== "HEAD") {
    if (stream) Object.assign(init, { body: Readable.toWeb(stream), duplex: "half" });
    else if (body) init.body = body;
    else if (!req.path.startsWith("/api/")) {
      // A page write without a body is an empty form, not a request.formData() that throws.
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      init.body = "";
    }
  }
  return new Request(url, init);
}

/** The render's own response, buffered: what a later hit on the page cache sends too, with its ETag. */
function sendRendered(req: ExpressRequest, res: ExpressResponse, page: CachedPage) {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("ETag", page.etag);
  res.setHeader("X-Page-Cache", "MISS");
  if (page.status === 200 && etagMatches(req, page.etag)) {
    withoutPolicy(res);
    res.status(304).end();
    return;
  }
  res.status(page.status);
  // The page (or its gzip member) as rendered, with the render's nonce.
  const gzip = gzipFor(req, page);
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  const bytes = gzip?.original ?? page.body;
  res.setHeader("Content-Length", bytes.byteLength);
  res.end(req.method === "HEAD" ? undefined : bytes);
}

async function sendStreamed(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  if (!response.body) return void res.end();
  // Pages (signed in, or not for the cache) stream through gzip, flushed as React writes them.
  const html = /^text\/html/.test(response.headers.get("content-type") ?? "");
  if (!html || response.headers.has("content-encoding") || res.req.method === "HEAD" || !acceptsGzip(res.req.headers["accept-encoding"])) {
    return writeReadableStreamToWritable(response.body, res);
  }
  res.removeHeader("Content-Length");
  res.setHeader("Content-Encoding", "gzip");
  res.appendHeader("Vary", "Accept-Encoding");
  const gzip = zlib.createGzip({ level: 6 });
  gzip.pipe(res);
  res.on("close", () => gzip.destroy());
  await writeReadableStreamToWritable(response.body, gzip);
}
