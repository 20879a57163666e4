import { describe, expect, it } from "vitest";
import { loader as listLoader } from "./api.v1.products";
import { loader as productLoader } from "./api.v1.products.$slug";
import { loader as nichesLoader } from "./api.v1.niches";
import { action as clickAction } from "./api.v1.products.$id.click";

const args = (url: string, params: Record<string, string> = {}) =>
  ({ request: new Request(`http://localhost${url}`), params, context: {} }) as never;

/** The fields of the API's answers these tests read (a list, one product, or an error). */
interface Answer {
  items: { id: number; slug: string; tags: string[]; count: number; subcategories: unknown[] }[];
  nextCursor: string | null;
  id: number;
  product_name: string;
  error: { parameter?: string; message: string };
}

async function json(response: Response) {
  return { status: response.status, body: (await response.json()) as Answer };
}

describe("GET /api/v1/products", () => {
  it("pages with a cursor and never repeats a product", async () => {
    const first = await json(await listLoader(args("/api/v1/products?limit=5")));
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(5);
    expect(Object.keys(first.body.items[0]!)).toEqual(
      expect.arrayContaining(["id", "slug", "product_name", "tagline", "website_url", "logo_url", "pricing", "tags", "upvotes"]),
    );
    const second = await json(await listLoader(args(`/api/v1/products?limit=5&cursor=${first.body.nextCursor}`)));
    const ids = [...first.body.items, ...second.body.items].map((p: { id: number }) => p.id);
    expect(new Set(ids).size).toBe(10);
  });

  it("filters by niche, subcategory and tag", async () => {
    const byNiche = await json(await listLoader(args("/api/v1/products?niche=communities&limit=100")));
    expect(byNiche.body.items.length).toBe(100);
    const byTag = await json(await listLoader(args("/api/v1/products?tag=discord&limit=10")));
    expect(byTag.body.items.every((p: { tags: string[] }) => p.tags.includes("discord"))).toBe(true);
    const bySub = await json(await listLoader(args("/api/v1/products?subcategory=password-managers&limit=100")));
    expect(bySub.body.items.length).toBeGreaterThan(5);
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["limit=5&limit=6", "limit"],
    ["cursor=garbage", "cursor"],
    ["niche=nope", "niche"],
    ["subcategory=nope", "subcategory"],
    [`tag=${"x".repeat(101)}`, "tag"],
  ])("answers 400 naming the parameter for %s", async (query, parameter) => {
    const result = await json(await listLoader(args(`/api/v1/products?${query}`)));
    expect(result.status).toBe(400);
    expect(result.body.error.parameter).toBe(parameter);
  });
});

describe("GET /api/v1/products/{slug}", () => {
  it("returns one live product, 404 otherwise", async () => {
    const found = await json(await productLoader(args("/api/v1/products/cp-community", { slug: "cp-community" })));
    expect(found.status).toBe(200);
    expect(found.body.product_name).toBe("CP Community");
    const missing = await productLoader(args("/api/v1/products/nope", { slug: "nope" }));
    expect(missing.status).toBe(404);
  });
});

describe("GET /api/v1/niches", () => {
  it("lists published niches with subcategories and counts", async () => {
    const result = await json(await nichesLoader());
    expect(result.body.items).toHaveLength(14);
    const developers = result.body.items.find((n: { slug: string }) => n.slug === "developers");
    expect(developers!.count).toBeGreaterThan(100);
    expect(developers!.subcategories.length).toBeGreaterThan(5);
  });
});

describe("POST /api/v1/products/{id}/click", () => {
  const post = (id: string) =>
    ({
      request: new Request(`http://localhost/api/v1/products/${id}/click`, {
        method: "POST",
        headers: { referer: "http://localhost/resources/x", "user-agent": "test-agent" },
      }),
      params: { id },
      context: {},
    }) as never;

  it("records a click-out on a live product", async () => {
    const product = await json(await productLoader(args("/api/v1/products/devcord", { slug: "devcord" })));
    expect((await clickAction(post(String(product.body.id)))).status).toBe(204);
  });

  it("refuses invalid and unknown ids with the spec's messages", async () => {
    const invalid = await json(await clickAction(post("0")));
    expect(invalid).toEqual({ status: 400, body: { error: { message: "Invalid Product ID" } } });
    const unknown = await json(await clickAction(post("99999999")));
    expect(unknown).toEqual({ status: 404, body: { error: { message: "Product not found in database" } } });
  });
});
