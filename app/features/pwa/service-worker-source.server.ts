/**
 * The service worker's script (GET /service-worker.js), decision 050. Plain JavaScript in a
 * template: it runs in the browser's worker scope, not through Vite. Its first line carries the
 * build version, so a new build is a byte-different script, which is what browsers update on.
 *
 * What it keeps (one cache per version; a new version's activation deletes the older ones):
 * - /assets/* (hashed, immutable): cache first.
 * - Page documents: network first; a copy is kept only when the server marked the response
 *   `public` (anonymous pages; signed-in pages are `private, no-store`), at most MAX_PAGES.
 *   Offline, a kept copy is answered, else the offline page saved at install.
 * - Never touched: other origins, anything but GET, /api/*, /auth*, /admin*, /webhooks/*, the
 *   worker itself. Admin navigations get the offline page when the network is down, never a copy.
 */
export const OFFLINE_PATH = "/offline";
export const MAX_PAGES = 60;

export function serviceWorkerSource(version: string): string {
  const safeVersion = version.replace(/[^A-Za-z0-9._-]/g, "");
  return `// Toolnest service worker, build ${safeVersion}
"use strict";
const VERSION = ${JSON.stringify(safeVersion)};
const PREFIX = "toolnest-";
const CACHE = PREFIX + VERSION;
const OFFLINE_PATH = ${JSON.stringify(OFFLINE_PATH)};
const MAX_PAGES = ${MAX_PAGES};
const UNTOUCHED = /^\\/(?:api\\/|auth(?:\\/|$)|webhooks\\/|service-worker\\.js$)/;
/** Files whose name changes with their content (build assets, stored logos): kept as fetched. */
const IMMUTABLE = /^\\/(?:assets\\/|uploads\\/logos\\/)/;
/** The site's own icons and manifest: answered from the cache, refreshed behind. */
const STATIC_FILES = ["/favicon.svg", "/manifest.webmanifest", "/icons/icon-192.png"];
const NOT_KEPT = /^\\/(?:admin(?:\\/|$)|offline$)/;

self.addEventListener("install", (event) => {
  event.waitUntil(saveOfflinePage().catch(() => undefined));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)))),
  );
});

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type === "SKIP_WAITING") self.skipWaiting();
  if (message.type === "KEEP_PAGE" && typeof message.url === "string") event.waitUntil(keepPage(message.url).catch(() => undefined));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || UNTOUCHED.test(url.pathname)) return;
  if (IMMUTABLE.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (STATIC_FILES.includes(url.pathname)) {
    event.respondWith(staleWhileRevalidate(event, request));
    return;
  }
  if (request.mode !== "navigate") return;
  event.respondWith(NOT_KEPT.test(url.pathname) ? networkOrOffline(request) : networkFirst(event, request));
});

/** Anonymous, shareable responses only: what the server would let a CDN keep. */
function isPublic(response) {
  if (!response || response.status !== 200 || response.type !== "basic" || response.redirected) return false;
  const cacheControl = (response.headers.get("Cache-Control") || "").toLowerCase();
  return /\\bpublic\\b/.test(cacheControl) && !/no-store|private/.test(cacheControl) && /text\\/html/.test(response.headers.get("Content-Type") || "");
}

function pageKey(href) {
  const url = new URL(href);
  url.hash = "";
  return url.href;
}

async function saveOfflinePage() {
  const cache = await caches.open(CACHE);
  const response = await fetch(OFFLINE_PATH, { credentials: "omit", cache: "no-store" });
  if (!response.ok) return;
  // Stored without its scripts: it stands in for other addresses, where hydrating it as the
  // offline route would not match the address. Links then simply load pages.
  const html = (await response.text())
    .replace(/<script\\b[^>]*>[\\s\\S]*?<\\/script>/gi, "")
    .replace(/<link\\b[^>]*rel="modulepreload"[^>]*>/gi, "");
  const headers = new Headers(response.headers);
  for (const name of ["Content-Length", "ETag", "Set-Cookie"]) headers.delete(name);
  await cache.put(OFFLINE_PATH, new Response(html, { status: 200, headers }));
  const styles = new Set(html.match(/\\/assets\\/[\\w.-]+\\.css/g) || []);
  await Promise.all([...styles, ...STATIC_FILES].map((file) => cache.add(file).catch(() => undefined)));
}

async function keepPage(href) {
  const url = new URL(href, self.location.origin);
  if (url.origin !== self.location.origin || UNTOUCHED.test(url.pathname) || NOT_KEPT.test(url.pathname)) return;
  const response = await fetch(url.href, { credentials: "same-origin", cache: "no-cache" });
  if (isPublic(response)) await put(pageKey(url.href), response);
}

async function put(key, response) {
  const cache = await caches.open(CACHE);
  await cache.put(key, response);
  const pages = (await cache.keys()).filter((request) => {
    const path = new URL(request.url).pathname;
    return !path.startsWith("/assets/") && path !== OFFLINE_PATH;
  });
  for (const old of pages.slice(0, Math.max(0, pages.length - MAX_PAGES))) await cache.delete(old);
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") await cache.put(request, response.clone()).catch(() => undefined);
  return response;
}

async function staleWhileRevalidate(event, request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  const refresh = fetch(request).then((response) => {
    if (response.ok && response.type === "basic") return cache.put(request, response.clone()).then(() => response);
    return response;
  });
  if (!hit) return refresh;
  event.waitUntil(refresh.catch(() => undefined));
  return hit;
}

// Documents are always revalidated with the server: the HTTP cache would otherwise answer a worker's
// fetch from a copy kept under stale-while-revalidate, and a change (a hidden review, an edit) would
// show one visit late. A fresh page costs a 304 when nothing changed.
async function networkFirst(event, request) {
  try {
    const response = await fetch(request, { cache: "no-cache" });
    if (isPublic(response)) event.waitUntil(put(pageKey(request.url), response.clone()).catch(() => undefined));
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    return (await cache.match(pageKey(request.url))) || offlinePage(cache);
  }
}

async function networkOrOffline(request) {
  try {
    return await fetch(request, { cache: "no-cache" });
  } catch (error) {
    return offlinePage(await caches.open(CACHE));
  }
}

async function offlinePage(cache) {
  const page = await cache.match(OFFLINE_PATH);
  if (page) return page;
  return new Response("<!doctype html><meta charset=utf-8><title>Offline</title><h1>You are offline</h1>", {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}
`;
}
