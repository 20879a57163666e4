import { expect, test } from "@playwright/test";

// What search engines read of the alternatives and comparison pages: canonical addresses,
// structured data, and a permanent redirect from another order of the same comparison.

test("an alternatives page has its canonical address and an ItemList of what it shows", async ({ request, baseURL }) => {
  const response = await request.get("/alternatives/notion");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/alternatives/notion"/>`);
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  const list = blocks.find((block) => block["@type"] === "ItemList");
  expect(list?.name).toBe("Notion Alternatives");
  expect(list?.itemListElement.length).toBeGreaterThan(0);
  expect(list?.itemListElement[0]).toMatchObject({ position: 1, url: expect.stringMatching(new RegExp(`^${baseURL}/resources/`)) });
  expect(list?.itemListElement.map((item: { url: string }) => item.url)).not.toContain(`${baseURL}/resources/notion`);
});

test("another order of a comparison answers 301 to the one address; bad lists 400, unknown products 404", async ({ request, baseURL }) => {
  const moved = await request.get("/compare/obsidian-vs-notion", { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe("/compare/notion-vs-obsidian");
  const page = await request.get("/compare/notion-vs-obsidian");
  expect(await page.text()).toContain(`<link rel="canonical" href="${baseURL}/compare/notion-vs-obsidian"/>`);
  const one = await request.get("/compare/notion");
  expect(one.status()).toBe(400);
  // The page says what to change (its own console error is why a browser test does not open it).
  const text = await one.text();
  expect(text).toContain("Cannot compare these products");
  expect(text).toContain("Choose at least 2 products to compare.");
  expect((await request.get("/compare/a-vs-b-vs-c-vs-d")).status()).toBe(400);
  expect((await request.get("/compare/notion-vs-notion")).status()).toBe(400);
  expect((await request.get("/compare/notion-vs-zzz-no-such")).status()).toBe(404);
  expect((await request.get(`/compare/${"a".repeat(5000)}-vs-b`)).status()).toBe(400);
});
