import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test } from "@playwright/test";

// The security headers (decision 027) on every kind of response the production server gives,
// including copies from its page cache, which are answered before Express.

interface Card {
  id: number;
  slug: string;
  tags: string[];
}

async function catalogue(request: APIRequestContext) {
  const { items } = (await (await request.get("/api/v1/products?limit=20")).json()) as { items: Card[] };
  const product = items.find((item) => item.tags.length)!;
  const { items: niches } = (await (await request.get("/api/v1/niches")).json()) as { items: { slug: string; subcategories: { slug: string }[] }[] };
  const niche = niches.find((n) => n.subcategories.length)!;
  return { product, niche: niche.slug, subcategory: niche.subcategories[0]!.slug };
}

function policyNonce(response: APIResponse): string {
  const policy = response.headers()["content-security-policy"] ?? "";
  return /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] ?? "";
}

/** The headers every response carries; the nonce of its policy, which pages must use. */
function expectSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["permissions-policy"], what).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  // The e2e server's APP_URL is http://localhost: no HSTS (server/security-headers.test.ts covers https).
  expect(headers["strict-transport-security"], what).toBeUndefined();
  const policy = headers["content-security-policy"] ?? "";
  for (const directive of [
    "default-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "connect-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]) {
    expect(policy, what).toContain(directive);
  }
  const nonce = policyNonce(response);
  expect(policy, what).toContain(`script-src 'self' 'nonce-${nonce}'`);
  expect(nonce, what).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  return nonce;
}

/** Every inline script of an HTML page carries the policy's nonce, so the browser runs it. */
async function expectScriptsAllowed(response: APIResponse, nonce: string, what: string) {
  const html = await response.text();
  // Data blocks (JSON-LD) are never run, so the policy does not apply to them.
  const inline = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!).filter((attributes) => !/\bsrc=|application\/ld\+json/.test(attributes));
  expect(inline.length, what).toBeGreaterThan(0);
  for (const attributes of inline) expect(attributes, what).toContain(`nonce="${nonce}"`);
  // No other nonce hides in the page (a cached copy keeps none of its first render's).
  for (const [, other] of html.matchAll(/nonce="([^"]*)"/g)) expect(other, what).toBe(nonce);
}

/** GETs `path` without following redirects: the answer has `status` and the security headers. */
async function getChecked(request: APIRequestContext, what: string, path: string, status: number) {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), what).toBe(status);
  return { response, nonce: expectSecurityHeaders(response, what) };
}

test("every page type, API answer, file and error carries the security headers", async ({ request }) => {
  const { product, niche, subcategory } = await catalogue(request);
  const home = await (await request.get("/")).text();
  const asset = /\/assets\/[\w.-]+\.js/.exec(home)![0];
  const pages: [string, string, number][] = [
    ["home", "/", 200],
    ["niche", `/niche/${niche}`, 200],
    ["subcategory", `/niche/${niche}/subcategory/${subcategory}`, 200],
    ["product", `/resources/${product.slug}`, 200],
    ["product by id", `/product/${product.id}`, 301],
    ["search", "/search?q=notes", 200],
    ["tag", `/tag/${encodeURIComponent(product.tags[0]!)}`, 200],
    ["profile, signed out", "/profile", 302],
    ["admin, signed out", "/admin/dashboard", 302],
    ["Admin Portal", "/login", 200],
    ["API docs", "/api-docs", 200],
    ["missing page", "/no-such-page-here", 404],
  ];
  for (const [what, path, status] of pages) {
    const { response, nonce } = await getChecked(request, what, path, status);
    if (status === 200 || status === 404) await expectScriptsAllowed(response, nonce, what);
  }
  const others: [string, string, number][] = [
    ["API JSON", "/api/v1/products?limit=1", 200],
    ["API error", "/api/v1/products?limit=-1", 400],
    ["sitemap", "/sitemap.xml", 200],
    ["feed", "/feed.xml", 200],
    ["robots.txt", "/robots.txt", 200],
    ["asset", asset, 200],
    ["public file", "/favicon.svg", 200],
    ["health check", "/healthz", 200],
    ["malformed address", "/%E0%A4%A", 400],
  ];
  for (const [what, path, status] of others) await getChecked(request, what, path, status);
  const write = await request.put(`/api/v1/products/${product.id}/upvote`, { maxRedirects: 0 });
  expect(write.status(), "signed-out API write").toBe(401);
  expectSecurityHeaders(write, "signed-out API write");
});

test("two requests get different nonces, and a cached copy gets its own nonce in the header and the page", async ({ request }) => {
  // A URL no other test asks for, so the first request renders it and fills the page cache.
  const path = `/search?q=nonce-${Date.now().toString(36)}`;
  const miss = await request.get(path);
  expect(miss.headers()["x-page-cache"]).toBe("MISS");
  const hit = await request.get(path);
  expect(hit.headers()["x-page-cache"]).toBe("HIT");
  const missNonce = expectSecurityHeaders(miss, "page cache miss");
  const hitNonce = expectSecurityHeaders(hit, "page cache hit");
  expect(hitNonce).not.toBe(missNonce);
  await expectScriptsAllowed(miss, missNonce, "page cache miss");
  await expectScriptsAllowed(hit, hitNonce, "page cache hit");
  // The same page apart from the nonce: one ETag, and a revalidation still gets a 304.
  expect(hit.headers()["etag"]).toBe(miss.headers()["etag"]);
  const again = await request.get(path, { headers: { "If-None-Match": hit.headers()["etag"]! } });
  expect(again.status()).toBe(304);
  expect(again.headers()["x-frame-options"]).toBe("DENY");
  // The browser keeps the policy it stored with its copy: a new nonce would not match that copy.
  expect(again.headers()["content-security-policy"]).toBeUndefined();

  const fresh = await request.get("/about");
  const other = await request.get("/about");
  expect(policyNonce(fresh)).not.toBe(policyNonce(other));
});
