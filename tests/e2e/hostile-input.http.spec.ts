import http from "node:http";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { ROUTE_PATTERNS } from "./route-patterns";

// The hostile-input corpus (issue 9, decision 026): every route of app/routes.ts with hostile
// values in each path parameter and in its query, hostile forms and API bodies, wrong content
// types and a chunked oversize body, against the real server. Nothing answers 5xx, and writes
// that were refused changed nothing.

/** Values already percent-encoded for a URL, and the same text for a form or JSON body. */
const HOSTILE: { label: string; url: string; text: string }[] = [
  { label: "NUL", url: "a%00b", text: "a\0b" },
  { label: "lone surrogate (UTF-8 bytes)", url: "%ED%A0%80", text: "\ud800" },
  { label: "lone surrogate (%u)", url: "%uD800", text: "\udc00x" },
  { label: "non-Latin-1", url: encodeURIComponent("日本語"), text: "日本語" },
  { label: "Latin-1", url: encodeURIComponent("ü"), text: "ü" },
  { label: "10,000 characters", url: "a".repeat(10_000), text: "a".repeat(10_000) },
];

/** Query parameters the app reads somewhere (and one it reads nowhere). */
const QUERY_NAMES = ["q", "redirectTo", "tab", "cursor", "limit", "niche", "subcategory", "tag", "ids", "token", "error", "page", "product", "unknown"];

function address() {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

async function context(baseURL: string) {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": address(), Origin: baseURL } });
}

interface Samples {
  id: number;
  slug: string;
  [param: string]: string | number;
}

async function samples(api: APIRequestContext): Promise<Samples> {
  const { items } = (await (await api.get("/api/v1/products?limit=1")).json()) as { items: { id: number; slug: string; tags: string[] }[] };
  const product = items[0]!;
  const niches = (await (await api.get("/api/v1/niches")).json()) as { items: { slug: string; subcategories: { slug: string }[] }[] };
  const niche = niches.items.find((item) => item.subcategories.length > 0)!;
  return { id: product.id, slug: product.slug, niche: niche.slug, subcategory: niche.subcategories[0]!.slug, tag: product.tags[0] ?? "ai", file: "products-1.xml" };
}

/** The route's URL with sample values, and `param` (when given) replaced by `value`. */
function fill(pattern: string, sample: Samples, param?: string, value?: string): string {
  return pattern
    .replace(/\*$/, param === "*" ? value! : "anything")
    .replace(/:(\w+)/g, (_, name: string) => (name === param ? value! : encodeURIComponent(String(sample[name === "id" ? "id" : name] ?? sample.slug))));
}

/** Fails with every URL that answered 5xx, not just the first. */
async function expectNo5xx(api: APIRequestContext, requests: { method: string; url: string; form?: Record<string, string>; data?: unknown }[]) {
  const failures: string[] = [];
  for (const { method, url, form, data } of requests) {
    const response = await api.fetch(url, { method, form, data, maxRedirects: 0 });
    if (response.status() >= 500) failures.push(`${method} ${url.slice(0, 120)} -> ${response.status()}`);
  }
  expect(failures).toEqual([]);
}

test("every path parameter and query of every route answers hostile values without a 5xx", async ({ baseURL }) => {
  test.setTimeout(60_000);
  const api = await context(baseURL!);
  const sample = await samples(api);
  const requests: { method: string; url: string }[] = [];
  for (const pattern of ROUTE_PATTERNS) {
    const params = [...pattern.matchAll(/:(\w+)/g)].map((match) => `:${match[1]}`);
    if (pattern.endsWith("*")) params.push("*");
    for (const value of HOSTILE) {
      for (const param of params) requests.push({ method: "GET", url: fill(pattern, sample, param.replace(/^:/, ""), value.url) });
      const query = QUERY_NAMES.map((name) => `${name}=${value.url}`).join("&");
      requests.push({ method: "GET", url: `${fill(pattern, sample)}?${query}` });
    }
  }
  expect(requests.length).toBeGreaterThan(250);
  await expectNo5xx(api, requests);
});

/** Page routes with an action, and the fields their forms send. */
const FORMS: Record<string, string[]> = {
  "/login": ["intent", "email", "password", "challenge", "answer", "verified", "redirectTo"],
  "/auth": ["redirectTo"],
  "/auth/dev": ["email", "redirectTo"],
  "/forgot-password": ["email"],
  "/reset-password": ["token", "password", "confirmPassword"],
  "/account/password": ["currentPassword", "newPassword", "confirmPassword"],
  "/onboarding": ["username", "career", "primaryNicheId", "favoriteNicheIds"],
  "/profile?tab=edit": ["username", "career", "primaryNicheId", "favoriteNicheIds"],
  "/claim-product": ["product", "maker", "accurate", "js"],
  "/report-product": ["product", "reason", "note"],
  "/products/1/upvote": ["on"],
  "/products/1/bookmark": ["on"],
  "/admin/reports": ["product", "outcome", "resolution"],
  "/my-products": ["intent", "id"],
  "/my-products/new": ["intent", "productName", "websiteUrl", "logoUrl", "pricing"],
  "/logout": [],
  "/admin/dashboard": ["intent"],
};

test("page forms refuse hostile fields and wrong content types without a 5xx, as visitors and members", async ({ baseURL }) => {
  test.setTimeout(60_000);
  const anonymous = await context(baseURL!);
  const signedIn = await context(baseURL!);
  const email = `hostile.${Date.now().toString(36)}@example.com`;
  expect((await signedIn.post("/auth/dev", { form: { email, redirectTo: "/" }, maxRedirects: 0 })).status()).toBe(302);
  const sessionBefore = await (await signedIn.get("/api/auth/get-session")).json();

  for (const api of [anonymous, signedIn]) {
    const requests: { method: string; url: string; form?: Record<string, string>; data?: unknown }[] = [];
    for (const [url, fields] of Object.entries(FORMS)) {
      if (url === "/logout") continue; // Ends the session the other forms need; probed below.
      for (const value of HOSTILE) {
        requests.push({ method: "POST", url, form: Object.fromEntries(fields.map((field) => [field, value.text])) });
        requests.push({ method: "POST", url, data: Object.fromEntries(fields.map((field) => [field, value.text])) });
      }
    }
    await expectNo5xx(api, requests);
  }
  // A NUL in a form field and a JSON post to a page are refused before any action runs.
  const nul = await signedIn.post("/onboarding", { form: { username: "a\0b" } });
  expect(nul.status()).toBe(400);
  expect(await nul.text()).toContain("The form contains a NUL character.");
  const json = await signedIn.post("/profile?tab=edit", { data: { username: "json" } });
  expect(json.status()).toBe(415);
  expect(await json.text()).toContain("This page accepts forms only");
  // The member's profile is as it was: none of the refused posts changed it.
  expect(await (await signedIn.get("/api/auth/get-session")).json()).toEqual(sessionBefore);
  expect((await anonymous.fetch("/logout", { method: "POST", data: { x: "\0" } })).status()).toBeLessThan(500);
});

test("API bodies with hostile values are refused and write nothing", async ({ baseURL }) => {
  const api = await context(baseURL!);
  const email = `hostile.api.${Date.now().toString(36)}@example.com`;
  expect((await api.post("/auth/dev", { form: { email, redirectTo: "/" }, maxRedirects: 0 })).status()).toBe(302);
  const { id, slug } = await samples(api);
  const reviews = async () => ((await (await api.get(`/api/v1/products/${id}/feedback`)).json()) as { summary: { count: number } }).summary.count;
  const upvotes = async () => ((await (await api.get(`/api/v1/products/${slug}`)).json()) as { upvotes: number }).upvotes;
  const before = { reviews: await reviews(), upvotes: await upvotes() };

  for (const value of HOSTILE.filter((item) => ["NUL", "lone surrogate (UTF-8 bytes)", "lone surrogate (%u)"].includes(item.label))) {
    for (const field of ["comment", "rating", "parentId"]) {
      const response = await api.post(`/api/v1/products/${id}/feedback`, { data: { comment: "Fine words", rating: 5, [field]: value.text } });
      expect(response.status(), `${value.label} in ${field}`).toBe(400);
    }
  }
  // A form cannot carry a lone surrogate (it arrives as U+FFFD, which is text); a NUL it can.
  expect((await api.post(`/api/v1/products/${id}/feedback`, { form: { comment: "a\0b", rating: "5" } })).status()).toBe(400);
  for (const type of ["text/plain", "application/xml", "multipart/form-data"]) {
    const response = await api.post(`/api/v1/products/${id}/feedback`, { headers: { "Content-Type": type }, data: "comment=x&rating=5" });
    expect(response.status(), type).toBe(400);
  }
  for (const write of ["upvote", "bookmark", "view", "click"]) {
    for (const value of HOSTILE) {
      const method = write === "upvote" || write === "bookmark" ? "PUT" : "POST";
      const response = await api.fetch(`/api/v1/products/${value.url}/${write}`, { method });
      expect(response.status(), `${write} ${value.label}`).toBe(400);
    }
  }
  expect({ reviews: await reviews(), upvotes: await upvotes() }).toEqual(before);
});

/** Posts (up to) 10 MB chunked; resolves with the status once the server answers, before all is sent. */
function postChunkedOversize(baseURL: string, path: string, type: string, pauseAfter: number): Promise<{ status: number; sent: number }> {
  const url = new URL(path, baseURL);
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = http.request(url, {
      method: "POST",
      headers: { "Content-Type": type, "Transfer-Encoding": "chunked", Origin: baseURL, "X-Forwarded-For": address() },
    });
    req.on("error", () => {});
    req.on("response", (res) => {
      resolve({ status: res.statusCode!, sent });
      res.resume();
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    // The client stops past the cap and waits: a server reading all 10 MB would never answer.
    const pump = () => {
      while (sent < pauseAfter) {
        sent += chunk.byteLength;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
    };
    pump();
    setTimeout(() => reject(new Error(`${path}: no answer after ${sent} bytes`)), 15_000).unref();
  });
}

test("a chunked 10 MB body answers 413 before it is all sent: forms, API writes and Better Auth", async ({ baseURL }) => {
  // Up to four uploads of 1-7 MB on a loaded 2-core machine: more than the default 30 s may pass.
  test.setTimeout(90_000);
  const MB = 1024 * 1024;
  for (const [path, type, pauseAfter] of [
    ["/login", "application/x-www-form-urlencoded", MB],
    ["/api/v1/products/1/feedback", "application/json", MB],
    ["/api/auth/sign-out", "application/json", MB],
    // The avatar upload's cap is 6 MB (MAX_UPLOAD_BYTES).
    ["/profile?tab=edit", "multipart/form-data; boundary=x", 7 * MB],
  ] as const) {
    const { status, sent } = await postChunkedOversize(baseURL!, path, type, pauseAfter);
    expect(status, path).toBe(413);
    expect(sent, path).toBeLessThanOrEqual(pauseAfter);
  }
});
