import { describe, expect, it } from "vitest";
import type { ProductCard } from "~/domain/product-card";
import { loader } from "./api.v1.search";

/** The fields of the search answer (or its error) these tests read. */
interface SearchAnswer {
  items: ProductCard[];
  nextCursor: string | null;
  error: { parameter?: string; message: string };
}

async function get(query: string) {
  const request = new Request(`http://localhost/api/v1/search${query}`);
  const response = await loader({ request, params: {}, context: {} } as Parameters<typeof loader>[0]);
  return { status: response.status, headers: response.headers, body: (await response.json()) as SearchAnswer };
}

describe("GET /api/v1/search", () => {
  it("answers ranked product cards, exact name first, cacheable for a minute", async () => {
    const { status, headers, body } = await get("?q=Notion");
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(body.items[0]).toMatchObject({ product_name: "Notion", slug: expect.any(String), upvotes: expect.any(Number) });
    expect(body.nextCursor).toBeNull();
  });

  it("honours limit and pages with nextCursor, never repeating a product", async () => {
    const first = await get("?q=password&limit=3");
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(3);
    expect(first.body.nextCursor).toBe("3");
    const second = await get(`?q=password&limit=3&cursor=${first.body.nextCursor}`);
    const ids = [...first.body.items, ...second.body.items].map((card: ProductCard) => card.id);
    expect(new Set(ids).size).toBe(6);
  });

  it("answers a blank or missing q with an empty list", async () => {
    for (const query of ["", "?q=", "?q=%20%20%20", "?limit=5"]) {
      const { status, body } = await get(query);
      expect(status).toBe(200);
      expect(body).toEqual({ items: [], nextCursor: null });
    }
  });

  it("rejects a limit that is not a whole number from 1 to 100", async () => {
    for (const limit of ["0", "101", "abc", "2.5", "-1", "1e2", "20&limit=30"]) {
      const { status, body } = await get(`?q=notion&limit=${limit}`);
      expect(status).toBe(400);
      expect(body.error).toEqual({ parameter: "limit", message: expect.stringContaining("1 to 100") });
    }
  });

  it("rejects a q given more than once", async () => {
    const { status, body } = await get("?q=notion&q=figma");
    expect(status).toBe(400);
    expect(body.error.parameter).toBe("q");
  });

  it("rejects a cursor it did not hand out", async () => {
    const { status, body } = await get("?q=notion&cursor=abc");
    expect(status).toBe(400);
    expect(body.error.parameter).toBe("cursor");
  });

  it("answers odd queries without an error", async () => {
    for (const q of ["%", "_", "'", '"', "'; drop table products; --", "🔥", "a:*|b", "!()&", "x".repeat(10_000)]) {
      const { status, body } = await get(`?q=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      expect(Array.isArray(body.items)).toBe(true);
    }
  });
});
