import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler as createReactRouterHandler, type ServerBuild } from "react-router";
import { CLIENT_IP_HEADER } from "../app/lib/rate-limit.server";
import { getCachedPage, isAnonymous, putCachedPage } from "./page-cache";

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
  for (const [name, value] of cached.headers) res.setHeader(name, value);
  res.setHeader("ETag", cached.etag);
  res.setHeader("X-Page-Cache", "HIT");
  if (cached.status === 200 && etagMatches(req, cached.etag)) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  res.statusCode = cached.status;
  res.setHeader("Content-Length", cached.body.byteLength);
  res.end(req.method === "HEAD" ? undefined : cached.body);
  return true;
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
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: unknown; init?: ResponseInit };
    return Response.json(data, init ?? undefined);
  }
  return Response.json(result ?? null);
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
            if (!(thrown instanceof Response)) throw thrown;
            response = thrown;
          }
          if (!response.headers.has("cache-control")) response.headers.set("Cache-Control", "private, no-store");
          return sendStreamed(res, response);
        }
      }
      const anonymousGet = (req.method === "GET" || req.method === "HEAD") && isAnonymous(req.headers.cookie);
      const cacheKey = `${req.headers.host}${req.originalUrl}`;

      const controller = new AbortController();
      res.on("close", () => controller.abort());
      const response = await handle(toFetchRequest(req, controller.signal));

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
      const etag = `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
      if (!response.headers.has("cache-control")) {
        response.headers.set(
          "Cache-Control",
          response.status === 200 ? `public, max-age=0, s-maxage=${pageCacheSeconds}, stale-while-revalidate=60` : "public, max-age=60",
        );
      }
      // The same URL renders differently for a signed-in visitor.
      response.headers.append("Vary", "Cookie");
      const headers = [...response.headers.entries()].filter(([name]) => name !== "content-length");
      if (pageCacheSeconds > 0) {
        putCachedPage(cacheKey, { status: response.status, headers, body, etag, expires: Date.now() + pageCacheSeconds * 1000 });
      }
      sendBuffered(req, res, response.status, headers, body, etag, "MISS");
    } catch (error) {
      next(error);
    }
  };
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
  // The client address for rate limits (app/lib/rate-limit.server.ts); never taken from the client.
  headers.delete(CLIENT_IP_HEADER);
  if (req.ip) headers.set(CLIENT_IP_HEADER, req.ip);
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal };
  // A write without a body (an upvote's PUT, say) needs no stream.
  const bodiless = req.headers["content-length"] === "0" || (req.headers["content-length"] === undefined && !req.headers["transfer-encoding"]);
  if (req.method !== "GET" && req.method !== "HEAD" && !bodiless) {
    init.body = createReadableStreamFromReadable(req as unknown as Readable);
    init.duplex = "half";
  }
  return new Request(url, init);
}

function sendBuffered(
  req: ExpressRequest,
  res: ExpressResponse,
  status: number,
  headers: [string, string][],
  body: Buffer,
  etag: string,
  cacheState: "HIT" | "MISS",
) {
  for (const [name, value] of headers) res.setHeader(name, value);
  res.setHeader("ETag", etag);
  res.setHeader("X-Page-Cache", cacheState);
  if (status === 200 && etagMatches(req, etag)) {
    res.status(304).end();
    return;
  }
  res.status(status);
  res.setHeader("Content-Length", body.byteLength);
  res.end(req.method === "HEAD" ? undefined : body);
}

async function sendStreamed(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
