import http from "node:http";
import zlib from "node:zlib";
import { expect, test } from "@playwright/test";

// Pages go gzipped to clients that take it (decision 056), rendered or from the page cache, each copy
// with its own CSP nonce in the policy and in the page; clients that don't take it get plain HTML.

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(baseURL: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, baseURL), { headers: { "X-Forwarded-For": "10.9.8.7", ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

function html(raw: Raw): string {
  return (raw.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw.body) : raw.body).toString("utf8");
}

/** The nonce of the policy, which every script tag of the page must carry. */
function expectOwnNonce(raw: Raw) {
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(raw.headers["content-security-policy"]))?.[1];
  expect(nonce).toBeTruthy();
  const page = html(raw);
  const nonces = [...page.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]);
  expect(nonces.length).toBeGreaterThan(0);
  expect(new Set(nonces)).toEqual(new Set([nonce]));
  return nonce!;
}

test("an anonymous page is gzipped, rendered and from the cache, each copy with its own nonce", async ({ baseURL }) => {
  const path = `/?compression=${Date.now()}`;
  const first = await get(baseURL!, path, { "Accept-Encoding": "gzip, deflate, br" });
  expect(first.status).toBe(200);
  expect(first.headers["x-page-cache"]).toBe("MISS");
  expect(first.headers["content-encoding"]).toBe("gzip");
  expect(String(first.headers.vary)).toMatch(/Accept-Encoding/i);
  expect(Number(first.headers["content-length"])).toBe(first.body.byteLength);
  const plainSize = Buffer.byteLength(html(first));
  expect(first.body.byteLength).toBeLessThan(plainSize / 3);
  expect(html(first)).toContain("</html>");
  const firstNonce = expectOwnNonce(first);

  const hit = await get(baseURL!, path, { "Accept-Encoding": "gzip" });
  expect(hit.headers["x-page-cache"]).toBe("HIT");
  expect(hit.headers["content-encoding"]).toBe("gzip");
  expect(Number(hit.headers["content-length"])).toBe(hit.body.byteLength);
  expect(expectOwnNonce(hit)).not.toBe(firstNonce);
  expect(html(hit).replaceAll(expectOwnNonce(hit), "N")).toBe(html(first).replaceAll(firstNonce, "N"));

  const plain = await get(baseURL!, path);
  expect(plain.headers["x-page-cache"]).toBe("HIT");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.body.byteLength).toBe(plainSize);
  expectOwnNonce(plain);

  const refused = await get(baseURL!, path, { "Accept-Encoding": "gzip;q=0, identity" });
  expect(refused.headers["content-encoding"]).toBeUndefined();
});

test("a signed-in page streams gzipped, and a missing page too", async ({ baseURL, request }) => {
  const signIn = await request.post("/auth/dev", {
    form: { email: `gzip.${Date.now().toString(36)}@example.com`, redirectTo: "/" },
    headers: { Origin: baseURL!, "X-Forwarded-For": "10.9.8.6" },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  const cookie = signIn
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value.split(";")[0])
    .join("; ");
  const page = await get(baseURL!, "/profile", { "Accept-Encoding": "gzip", Cookie: cookie });
  expect(page.status).toBe(200);
  expect(page.headers["content-encoding"]).toBe("gzip");
  expect(page.headers["cache-control"]).toMatch(/private/);
  expect(html(page)).toContain("</html>");
  expectOwnNonce(page);

  const missing = await get(baseURL!, `/resources/no-such-product-${Date.now()}`, { "Accept-Encoding": "gzip" });
  expect(missing.status).toBe(404);
  expect(html(missing)).toContain("</html>");
});
