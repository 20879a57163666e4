import type { APIRequestContext } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

// The public read API: /api/v1/products, /api/v1/products/{slug}, /api/v1/niches, /api/v1/search and the click beacon.

interface Card {
  id: number;
  slug: string;
  product_name: string;
  tagline: string | null;
  website_url: string | null;
  logo_url: string | null;
  pricing: string | null;
  tags: string[];
  upvotes: number;
}
interface Page {
  items: Card[];
  nextCursor: string | null;
}
interface Detail extends Card {
  niches: { slug: string }[];
  subcategories: { slug: string }[];
}
interface Niche {
  name: string;
  slug: string;
  count: number;
  subcategories: { name: string; slug: string; count: number }[];
}

async function getJson<T>(request: APIRequestContext, path: string, status = 200): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(status);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  return (await response.json()) as T;
}

/** Every page of a filtered list. */
async function allPages(request: APIRequestContext, query: Record<string, string>) {
  const items: Card[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ ...query, limit: "100", ...(cursor ? { cursor } : {}) });
    const page: Page = await getJson<Page>(request, `/api/v1/products?${params}`);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

test("GET /api/v1/products answers product cards and a cursor", async ({ request }) => {
  const response = await request.get("/api/v1/products?limit=5");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("public");
  const body = (await response.json()) as Page;
  expect(body.items).toHaveLength(5);
  expect(typeof body.nextCursor).toBe("string");
  for (const item of body.items) {
    expect(item).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        slug: expect.any(String),
        product_name: expect.any(String),
        tags: expect.any(Array),
        upvotes: expect.any(Number),
      }),
    );
    for (const key of ["tagline", "website_url", "logo_url", "pricing"]) expect(item).toHaveProperty(key);
  }
});

test("following nextCursor pages through distinct products", async ({ request }) => {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 4; i++) {
    const page: Page = await getJson<Page>(request, `/api/v1/products?limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(page.items).toHaveLength(5);
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
    expect(cursor).toEqual(expect.any(String));
  }
  expect(new Set(ids).size).toBe(20);
  // The same pages in one request: the order is stable. Other specs list products on this server
  // meanwhile, and today's products come first: compare the order of the products both reads saw.
  const twenty = (await getJson<Page>(request, "/api/v1/products?limit=20")).items.map((item) => item.id);
  const both = ids.filter((id) => twenty.includes(id));
  expect(both.length).toBeGreaterThanOrEqual(10);
  expect(twenty.filter((id) => ids.includes(id))).toEqual(both);
});

test("niche, subcategory and tag filter the list", async ({ request }) => {
  const niches = (await getJson<{ items: Niche[] }>(request, "/api/v1/niches")).items;
  const small = niches.find((niche) => niche.slug === "home-and-lifestyle")!;
  const inSmall = await allPages(request, { niche: small.slug });
  expect(inSmall).toHaveLength(small.count);
  expect(new Set(inSmall.map((item) => item.id)).size).toBe(small.count);

  const developers = await getJson<Page>(request, "/api/v1/products?niche=developers&subcategory=api-development-and-testing&limit=5");
  expect(developers.items).toHaveLength(5);
  for (const item of developers.items) {
    const detail = await getJson<Detail>(request, `/api/v1/products/${item.slug}`);
    expect(detail.niches.map((n) => n.slug)).toContain("developers");
    expect(detail.subcategories.map((s) => s.slug)).toContain("api-development-and-testing");
  }

  const bySubcategory = await getJson<Page>(request, "/api/v1/products?subcategory=note-taking&limit=10");
  expect(bySubcategory.items.length).toBeGreaterThan(0);
  const detail = await getJson<Detail>(request, `/api/v1/products/${bySubcategory.items[0]!.slug}`);
  expect(detail.subcategories.map((s) => s.slug)).toContain("note-taking");

  const byTag = await getJson<Page>(request, "/api/v1/products?tag=open-source&limit=50");
  expect(byTag.items).toHaveLength(50);
  for (const item of byTag.items) expect(item.tags).toContain("open-source");
});

test("bad list parameters answer 400 naming the parameter", async ({ request }) => {
  for (const [query, parameter] of [
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["cursor=garbage", "cursor"],
    ["niche=nope", "niche"],
  ] as const) {
    const body = await getJson<{ error: { parameter: string; message: string } }>(request, `/api/v1/products?${query}`, 400);
    expect(body.error.parameter, query).toBe(parameter);
    expect(body.error.message).toEqual(expect.any(String));
  }
});

test("GET /api/v1/products/{slug} answers one product, or 404", async ({ request }) => {
  const product = await getJson<Detail>(request, "/api/v1/products/notion");
  expect(product).toMatchObject({ slug: "notion", product_name: "Notion" });
  expect(product.niches.length).toBeGreaterThan(0);
  const missing = await getJson<{ error: { message: string } }>(request, "/api/v1/products/no-such-product", 404);
  expect(missing.error.message).toEqual(expect.any(String));
});

test("GET /api/v1/niches lists niches with subcategories and counts", async ({ request }) => {
  const { items } = await getJson<{ items: Niche[] }>(request, "/api/v1/niches");
  expect(items).toHaveLength(14);
  for (const niche of items) {
    expect(niche.count).toBeGreaterThan(0);
    expect(niche.subcategories.length).toBeGreaterThan(0);
    for (const sub of niche.subcategories) {
      expect(sub).toEqual(expect.objectContaining({ name: expect.any(String), slug: expect.any(String), count: expect.any(Number) }));
      expect(sub.count).toBeGreaterThan(0);
    }
  }
  const developers = items.find((niche) => niche.slug === "developers");
  expect(developers?.name).toBe("Developers");
  expect(developers?.subcategories.map((s) => s.slug)).toContain("api-development-and-testing");
});

test("GET /api/v1/search ranks Notion first for notion", async ({ request }) => {
  const { items } = await getJson<Page>(request, "/api/v1/search?q=notion");
  expect(items[0]?.product_name).toBe("Notion");
  const typo = await getJson<Page>(request, "/api/v1/search?q=notoin");
  expect(typo.items.map((item) => item.product_name)).toContain("Notion");
  const blank = await getJson<Page>(request, "/api/v1/search?q=");
  expect(blank.items).toEqual([]);
});

test("POST /api/v1/products/{id}/click records a click-out", async ({ request }) => {
  const { id } = await getJson<Detail>(request, "/api/v1/products/notion");
  const recorded = await request.post(`/api/v1/products/${id}/click`);
  expect(recorded.status()).toBe(204);
  expect((await request.post("/api/v1/products/0/click")).status()).toBe(400);
  expect((await request.post("/api/v1/products/abc/click")).status()).toBe(400);
  expect((await request.post("/api/v1/products/999999/click")).status()).toBe(404);
});

test("the API is documented: an OpenAPI file and a page that renders it", async ({ request, page }) => {
  const doc = await getJson<{ openapi: string; paths: Record<string, unknown> }>(request, "/api/v1/openapi.json");
  expect(doc.openapi).toBe("3.1.0");
  expect(Object.keys(doc.paths).sort()).toEqual([
    "/me/engagement",
    "/niches",
    "/products",
    "/products/{id}/bookmark",
    "/products/{id}/click",
    "/products/{id}/feedback",
    "/products/{id}/upvote",
    "/products/{id}/view",
    "/products/{slug}",
    "/search",
  ]);
  await page.goto("/api-docs");
  await expect(page.getByRole("heading", { level: 1, name: /API/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /GET\s*\/api\/v1\/products$/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "OpenAPI document" })).toHaveAttribute("href", "/api/v1/openapi.json");
  await expectAccessible(page);
});
