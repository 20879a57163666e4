import { type APIRequestContext, type APIResponse, expect, request as playwrightRequest, test } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "./admin-account";
import { FIXTURE_MAKER_EMAIL, FIXTURE_SUBMITTED_SLUG } from "./fixture-data";
import { ROUTE_PATTERNS } from "./route-patterns";

// The authorization matrix (issue 9, decision 027): every route of app/routes.ts, every method,
// as a signed-out visitor, a member, another member and an administrator, against the real server.

type Caller = "anonymous" | "member" | "other member" | "admin";
const CALLERS: Caller[] = ["anonymous", "member", "other member", "admin"];
const METHODS = ["GET", "POST", "PUT", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * What each route lets each caller do. A route added to app/routes.ts without a line here fails
 * the first test, so no new route goes out without someone deciding who may use it.
 * - public: pages anyone reads; no action, so writes answer 405.
 * - public-form: pages anyone reads and posts to (sign-in and password forms); writes are the
 *   form's own answer (our empty form is invalid: a 4xx) or its redirect, never a session change.
 * - member: pages for signed-in members (and admins); signed-out visitors are sent to sign in,
 *   for reads and writes alike.
 * - owner: a member's own product by id (the member caller submitted the fixture product):
 *   signed-out visitors sign in, its submitter gets the page and the form, anyone else a 404.
 * - admin: signed-out visitors go to /login, members to "/" with "Access Denied", admins get in.
 * - redirect: answers a redirect to everyone (legacy and placeholder addresses).
 * - api-read: public JSON; writes 405.
 * - api-member: writes for signed-in callers: 401 for signed-out ones; reads 405 or public.
 * - member-post: a plain form's POST for members (upvote, save): other methods 405; signed out, a 303 to sign in.
 * - api-beacon: anonymous counters (views, click-outs): anyone may POST.
 * - auth-api: Better Auth's own endpoints (their guards are the auth helper's tests).
 * - logout: signs anyone out (probed last, since it ends the caller's session).
 */
type Access = "public" | "public-form" | "member" | "member-json" | "member-action" | "member-post" | "owner" | "admin" | "admin-form" | "admin-resource" | "webhook" | "member-order" | "redirect" | "api-read" | "api-member" | "api-beacon" | "auth-api" | "logout";

const ACCESS: Record<string, Access> = {
  "/api/v1/search": "api-read",
  "/robots.txt": "api-read",
  "/sitemap.xml": "api-read",
  "/sitemaps/:file": "api-read",
  "/feed.xml": "api-read",
  // The embeddable badge image: anyone may read it, nothing writes.
  "/badge/:file": "public",
  "/api/v1/products": "api-read",
  "/api/v1/products/:slug": "api-read",
  "/api/v1/products/:id/click": "api-beacon",
  "/api/v1/products/:id/view": "api-beacon",
  // GET lists the reviews (public); POST writes one (members only).
  "/api/v1/products/:id/feedback": "api-member",
  "/api/v1/products/:id/upvote": "api-member",
  "/api/v1/products/:id/bookmark": "api-member",
  "/api/v1/me/engagement": "api-member",
  // The upvote and save buttons as plain forms (decision 082): POST only; signed out, a 303 to sign in.
  "/products/:id/upvote": "member-post",
  "/products/:id/bookmark": "member-post",
  "/api/v1/niches": "api-read",
  "/api/v1/openapi.json": "api-read",
  "/api/auth/*": "auth-api",
  // The makers picker's user search (wizard and admin form): signed-in callers only, JSON.
  "/makers/search": "member-json",
  // Stripe's webhook: no session; only a verified signature is heard (400 otherwise), GET is 405.
  "/webhooks/stripe": "webhook",
  "/ai/draft": "member-action",
  "/service-worker.js": "api-read",
  "/manifest.webmanifest": "api-read",
  "/logout": "logout",
  // A placeholder today: the old address of the Admin Portal.
  "/my-office": "redirect",
  "/admin": "admin",
  "/admin/dashboard": "admin",
  // Admin pages with forms (bulk actions, the product form, moderation): reads and writes admins only.
  "/admin/products": "admin-form",
  "/admin/products/new": "admin-form",
  "/admin/products/edit/:id": "admin-form",
  "/admin/products/:id": "admin-form",
  "/admin/products/map-csv": "admin-form",
  "/admin/products/map-csv/:import": "admin-form",
  "/admin/imports": "admin-form",
  "/admin/imports/:import": "admin-form",
  // Admin resource routes (CSV upload, template, rejected rows): the same gate, no page.
  "/admin/products/upload-csv": "admin-resource",
  "/admin/products/template.csv": "admin-resource",
  "/admin/imports/:import/rejected.csv": "admin-resource",
  "/admin/submit": "admin-form",
  "/admin/trending-ads": "admin-form",
  "/admin/bulk-remap": "admin-form",
  "/admin/moderation": "admin-form",
  "/admin/reports": "admin-form",
  "/admin/audit": "admin",
  "/admin/submissions": "admin-form",
  "/admin/suggestions": "admin-form",
  "/admin/users": "admin-form",
  "/admin/niches": "admin-form",
  "/admin/parent-subcategories": "admin-form",
  "/admin/feedback-reports": "admin-form",
  "/admin/feedback-reports/export.csv": "admin-resource",
  "/admin/orders": "admin",
  "/admin/my-ai-engine": "admin-form",
  "/admin/*": "admin",
  "/": "public",
  "/niche/:niche": "public",
  "/niche/:niche/subcategory/:subcategory": "public",
  "/parent-subcategory/:subcategory": "public",
  "/niche/:niche/subcategory": "redirect",
  "/parent-subcategory": "redirect",
  "/ai-tools": "public",
  "/resources/:slug": "public",
  "/alternatives/:slug": "public",
  "/compare/:slugs": "public",
  "/product/:id": "redirect",
  "/product-details/:id": "redirect",
  "/search": "public",
  "/tag/:tag": "public",
  "/about": "public",
  "/privacy": "public",
  "/terms": "public",
  "/api-docs": "public",
  "/offline": "public",
  "/auth": "public-form",
  "/auth/dev": "public-form",
  "/login": "public-form",
  "/forgot-password": "public-form",
  "/reset-password": "public-form",
  "/account/password": "member",
  "/profile": "member",
  "/onboarding": "member",
  // Anyone reads the Suggest page; its post sends a signed-out visitor to sign in (see suggest.server.ts).
  "/submit": "public-form",
  // My Products (issue 11): members only; an edit is the owner's alone.
  "/my-products": "member",
  "/my-products/new": "member",
  "/my-products/edit/:id": "owner",
  // The submission wizard: members only; it continues the caller's own draft (?product=).
  "/submit-product-details": "member",
  // Claim a product (issue 11): members only, the form posts for the signed-in caller.
  "/report-product": "member",
  "/claim-product": "member",
  // Advertise (issue 15): anyone reads it; checking out needs a signed-in member.
  "/advertise": "public-form",
  // The local test-mode checkout of an order (no Stripe configured): the order's buyer only.
  "/advertise/checkout/:order": "member-order",
  "/*": "public",
};

test("every route in app/routes.ts is classified here, and nothing else", () => {
  expect(ROUTE_PATTERNS.filter((pattern) => !(pattern in ACCESS)), "routes without an access class").toEqual([]);
  expect(Object.keys(ACCESS).filter((pattern) => !ROUTE_PATTERNS.includes(pattern)), "classes of routes that are gone").toEqual([]);
});

/** Each caller stands at its own address (TRUST_PROXY=loopback), so no limit is shared with other tests. */
function address() {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

async function context(baseURL: string) {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": address(), Origin: baseURL } });
}

/** A member through the development sign-in (the e2e server runs locally without Google). */
async function signInMember(api: APIRequestContext, email: string) {
  const response = await api.post("/auth/dev", { form: { email, redirectTo: "/" }, maxRedirects: 0 });
  expect(response.status(), `dev sign-in of ${email}`).toBe(302);
  expect((await api.get("/api/auth/get-session")).ok()).toBe(true);
}

/** The administrator through the Admin Portal: the math question answered, then e-mail and password. */
async function signInAdmin(api: APIRequestContext) {
  const portal = await (await api.get("/login")).text();
  const challenge = /name="challenge" value="([^"]+)"/.exec(portal)![1]!;
  const [, a, b] = /What is (\d) \+ (\d)\?/.exec(portal)!;
  const answer = String(Number(a) + Number(b));
  const verify = await (await api.post("/login", { form: { intent: "verify", challenge, answer, email: E2E_ADMIN_EMAIL } })).text();
  const verified = /name="verified" value="([^"]+)"/.exec(verify)![1]!;
  const signIn = await api.post("/login", {
    form: { intent: "sign-in", challenge, answer, verified, email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD, redirectTo: "/admin/dashboard" },
    maxRedirects: 0,
  });
  expect(signIn.status(), "admin sign-in").toBe(302);
}

interface Values {
  slug: string;
  id: number;
  niche: string;
  subcategory: string;
  tag: string;
  sitemap: string;
}

async function values(api: APIRequestContext): Promise<Values> {
  const product = (await (await api.get(`/api/v1/products/${FIXTURE_SUBMITTED_SLUG}`)).json()) as { id: number; slug: string; tags: string[] };
  const { items: niches } = (await (await api.get("/api/v1/niches")).json()) as { items: { slug: string; subcategories: { slug: string }[] }[] };
  const niche = niches.find((n) => n.subcategories.length)!;
  const sitemap = /\/sitemaps\/([\w.-]+\.xml)/.exec(await (await api.get("/sitemap.xml")).text())![1]!;
  return { slug: product.slug, id: product.id, niche: niche.slug, subcategory: niche.subcategories[0]!.slug, tag: product.tags[0] ?? "notes", sitemap };
}

/** A real address for a pattern: the maker's demo product, a niche with subcategories, and so on. */
function fill(pattern: string, v: Values): string {
  if (pattern === "/*") return "/no-such-page";
  return pattern
    .replace("/api/auth/*", "/api/auth/get-session")
    .replace("/admin/*", "/admin/no-such-page")
    .replace("/badge/:file", `/badge/${v.slug}.svg`)
    // Two demo products in their canonical (alphabetical) order: another order answers a redirect.
    .replace("/compare/:slugs", "/compare/notion-vs-obsidian")
    .replace(":slug", v.slug)
    .replace(":id", String(v.id))
    .replace(":import", "1")
    .replace(":order", "1")
    .replace(":niche", v.niche)
    .replace(":subcategory", v.subcategory)
    .replace(":tag", encodeURIComponent(v.tag))
    .replace(":file", v.sitemap);
}

/** A status from a list, or a 302 to a matching address, or (`orRedirect`) either of the two. */
type Outcome = { status: number[]; orRedirect?: RegExp } | { redirect: RegExp };
const ok: Outcome = { status: [200] };
const refused = (...status: number[]): Outcome => ({ status });
const toSignIn: Outcome = { redirect: /^\/auth\?redirectTo=/ };
const PORTAL = /^\/login\?redirectTo=/;
const HOME = /^\/$/;
const toPortal: Outcome = { redirect: PORTAL };
const toHome: Outcome = { redirect: HOME };
// A form's answer to an empty post: invalid (400), refused (401/403), not applicable (409: a member
// without a password on /account/password), limited (429), or its redirect.
const formAnswer: Outcome = { status: [200, 302, 303, 400, 401, 403, 404, 405, 409, 429] };

function expected(access: Access, pattern: string, caller: Caller, method: Method): Outcome {
  const read = method === "GET";
  const signedIn = caller !== "anonymous";
  switch (access) {
    case "public":
      if (!read) return refused(405);
      return pattern === "/*" ? refused(404) : ok;
    case "public-form":
      if (!read) return formAnswer;
      // Signed-in callers are sent on from the sign-in pages (the admin from /login; members may still see it).
      return { status: [200, 302] };
    case "member":
      if (!signedIn) return toSignIn;
      // The wizard without ?product= has no draft to continue: the spec's Missing Information redirect.
      if (read && pattern === "/submit-product-details") return { redirect: /^\/my-products$/ };
      return read ? ok : formAnswer;
    case "member-json":
      if (!read) return refused(405);
      return signedIn ? refused(200, 400, 429) : refused(401);
    case "owner":
      if (!signedIn) return toSignIn;
      if (caller !== "member") return refused(404);
      return read ? ok : formAnswer;
    case "admin":
      // Only /admin has an action (signing out, for admins); the others refuse writes (405), or, where an
      // admin error boundary needs the admin layout's data, the layout's guard answers first.
      if (!read && pattern !== "/admin") {
        if (caller === "anonymous") return { status: [405], orRedirect: PORTAL };
        if (caller !== "admin") return { status: [405], orRedirect: HOME };
        return refused(405);
      }
      if (caller === "anonymous") return toPortal;
      if (caller !== "admin") return toHome;
      if (!read) return refused(400);
      return pattern === "/admin/*" ? refused(404) : ok;
    case "admin-form":
      if (caller === "anonymous") return toPortal;
      if (caller !== "admin") return toHome;
      if (!read) return formAnswer;
      // The spec's map-csv address sends the admin on to an import awaiting mapping (or the upload tab);
      // an import page answers 404 for an import that does not exist (the matrix's :import is 1), or
      // sends the admin to the page for the import's state (mapping or progress).
      if (pattern === "/admin/products/map-csv") return { redirect: /^\/admin\/(products\/(map-csv\/\d+|new\?tab=csv))$/ };
      if (pattern.includes(":import")) return refused(200, 302, 404);
      // Bulk remap without ?ids= says which products to choose first (400).
      if (pattern === "/admin/bulk-remap") return refused(200, 400);
      return ok;
    case "member-order":
      // The matrix's order 1 belongs to nobody here: signed in, it is "not found" (never another's order).
      if (!signedIn) return toSignIn;
      return read ? refused(404) : refused(400, 403, 404, 409);
    case "member-action":
      // A JSON action for signed-in people (the AI draft): no reads; signed out 401; otherwise its answer.
      if (read) return refused(405);
      if (!signedIn) return refused(401);
      return refused(200, 400, 403, 415, 429);
    case "member-post":
      // A plain form's post for members (its sign-in redirect and refusals: products.engagement-form.test.ts):
      // no reads, no other methods; our empty form lacks its field, a 400 for anyone.
      return method === "POST" ? refused(400) : refused(405);
    case "webhook":
      return read ? refused(405) : refused(400, 405);
    case "admin-resource":
      if (caller === "anonymous") return toPortal;
      if (caller !== "admin") return toHome;
      return read ? refused(200, 302, 404, 405) : formAnswer;
    case "redirect":
      return read ? { status: [301, 302] } : refused(301, 302, 405);
    case "api-read":
      return read ? ok : refused(405);
    case "api-member":
      if (read) return pattern.endsWith("/feedback") ? ok : pattern.endsWith("/engagement") ? (signedIn ? refused(200, 400) : refused(401)) : refused(405);
      if (!signedIn) return refused(401, 405);
      return { status: [200, 201, 400, 405, 429] };
    case "api-beacon":
      return read ? refused(405) : method === "POST" ? refused(200, 202, 204, 429) : refused(405);
    case "auth-api":
      return { status: read ? [200] : [400, 401, 403, 404, 405] };
    case "logout":
      return read ? { status: [302] } : formAnswer;
  }
}

/** Soft checks: one run lists every cell of the matrix that is wrong. */
function check(response: APIResponse, outcome: Outcome, what: string) {
  expect.soft(response.status(), `${what}: never a server error`).toBeLessThan(500);
  if ("redirect" in outcome || (outcome.orRedirect && response.status() === 302)) {
    expect.soft(response.status(), what).toBe(302);
    expect.soft(response.headers()["location"], what).toMatch("redirect" in outcome ? outcome.redirect : outcome.orRedirect!);
  } else {
    expect.soft(outcome.status, `${what} answered ${response.status()}`).toContain(response.status());
  }
}

test("every route × method × caller gets the answer its access class allows, and never a 5xx", async ({ baseURL }) => {
  test.setTimeout(240_000);
  const callers = Object.fromEntries(await Promise.all(CALLERS.map(async (caller) => [caller, await context(baseURL!)] as const))) as Record<
    Caller,
    APIRequestContext
  >;
  try {
    await signInMember(callers.member, FIXTURE_MAKER_EMAIL);
    await signInMember(callers["other member"], `other.${Date.now().toString(36)}@example.com`);
    await signInAdmin(callers.admin);
    const v = await values(callers.anonymous);
    // Signing out ends the caller's session: that route goes last.
    const order = [...ROUTE_PATTERNS].sort((a, b) => Number(ACCESS[a] === "logout") - Number(ACCESS[b] === "logout"));
    for (const pattern of order) {
      const url = fill(pattern, v);
      await Promise.all(
        CALLERS.map(async (caller) => {
          for (const method of METHODS) {
            const options = { method, maxRedirects: 0, ...(method === "GET" ? {} : { form: {} }) };
            const response = await callers[caller].fetch(url, options);
            check(response, expected(ACCESS[pattern]!, pattern, caller, method), `${method} ${url} as ${caller}`);
          }
        }),
      );
    }
  } finally {
    await Promise.all(Object.values(callers).map((api) => api.dispose()));
  }
});
