import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";

// The embeddable badge (issue 11, Embed Badge) through the production server: what a maker's
// site embedding /badge/{slug}.svg, a CDN in front of it, and someone probing it would see.

/** Each context stands at its own address (TRUST_PROXY=loopback), so no limit is shared with other tests. */
function address() {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

async function caller(baseURL: string, email?: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": address(), Origin: baseURL } });
  if (email) {
    const response = await api.post("/auth/dev", { form: { email, redirectTo: "/" }, maxRedirects: 0 });
    expect(response.status(), `dev sign-in of ${email}`).toBe(302);
  }
  return api;
}

async function apiProduct(api: APIRequestContext, slug: string) {
  return (await (await api.get(`/api/v1/products/${slug}`)).json()) as { id: number; upvotes: number };
}

/** The count as the badge draws it: the text of the element after the upvote arrow. */
function badgeCount(svg: string): string | undefined {
  return /<path [^>]*\/><text [^>]*>([^<]*)<\/text><\/svg>$/.exec(svg)?.[1];
}

test("the demo product's badge is an SVG with the API's upvote count, cacheable, revalidated with 304", async ({ baseURL }) => {
  const api = await caller(baseURL!);
  const { upvotes } = await apiProduct(api, "notion");
  const response = await api.get("/badge/notion.svg");
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers["content-type"]).toMatch(/^image\/svg\+xml/);
  expect(headers["cache-control"]).toBe("public, max-age=300");
  // Opened directly, the badge is a document that may run nothing.
  expect(headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'");
  const svg = await response.text();
  expect(svg).toMatch(/^<svg [^>]*width="250" height="54"/);
  expect(svg).toContain("FEATURED ON");
  expect(badgeCount(svg)).toBe(String(upvotes));

  const etag = headers["etag"]!;
  expect(etag).toBeTruthy();
  const revalidated = await api.get("/badge/notion.svg", { headers: { "If-None-Match": etag } });
  expect(revalidated.status()).toBe(304);
  expect(revalidated.headers()["etag"]).toBe(etag);
  expect(await revalidated.body()).toHaveLength(0);

  const dark = await api.get("/badge/notion.svg?theme=dark", { headers: { "If-None-Match": etag } });
  expect(dark.status(), "the dark badge is another image").toBe(200);
  expect(dark.headers()["etag"]).not.toBe(etag);
  expect(badgeCount(await dark.text())).toBe(String(upvotes));
  await api.dispose();
});

test("an upvote shows on the badge at the next request, with a new ETag", async ({ baseURL }) => {
  // A product no other spec counts upvotes on.
  const slug = "zapier";
  const member = await caller(baseURL!, `badge.${Date.now().toString(36)}@example.com`);
  const before = await member.get(`/badge/${slug}.svg`);
  const { id, upvotes } = await apiProduct(member, slug);
  expect(badgeCount(await before.text())).toBe(String(upvotes));
  expect((await member.put(`/api/v1/products/${id}/upvote`)).status()).toBe(200);
  const after = await member.get(`/badge/${slug}.svg`, { headers: { "If-None-Match": before.headers()["etag"]! } });
  expect(after.status()).toBe(200);
  expect(badgeCount(await after.text())).toBe(String(upvotes + 1));
  expect((await apiProduct(member, slug)).upvotes).toBe(upvotes + 1);
  await member.dispose();
});

test("unknown, malformed and hostile badge addresses answer 4xx, never a badge or a 5xx", async ({ baseURL }) => {
  const api = await caller(baseURL!);
  for (const [path, status] of [
    ["/badge/no-such-product-anywhere.svg", 404],
    ["/badge/notion", 404],
    ["/badge/notion.png", 404],
    ["/badge/.svg", 404],
    [`/badge/${"a".repeat(10_000)}.svg`, 404],
    ["/badge/a%00b.svg", 400],
    ["/badge/notion%00.svg", 400],
  ] as const) {
    const response = await api.get(path, { maxRedirects: 0 });
    expect(response.status(), path.slice(0, 60)).toBe(status);
    expect(response.headers()["content-type"] ?? "", path.slice(0, 60)).not.toMatch(/svg/);
  }
  await api.dispose();
});
