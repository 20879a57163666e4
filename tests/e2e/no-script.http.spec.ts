import { expect, test } from "@playwright/test";

// Pages work without JavaScript: every part the server rendered is in place in the HTML, not held
// in a hidden block for an inline script to move (React's out-of-line Suspense segments). The
// reviews, makers and footer hydrate late (decision 052) and sit in Suspense boundaries.
test("the product, home and niche pages hold every rendered part in place, none out of line", async ({ request }) => {
  const { items } = (await (await request.get("/api/v1/products?limit=1")).json()) as { items: { slug: string }[] };
  const { items: niches } = (await (await request.get("/api/v1/niches")).json()) as { items: { slug: string }[] };
  for (const path of [`/resources/${items[0]!.slug}`, "/", `/niche/${niches[0]!.slug}`]) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toMatch(/<div hidden id="S:/);
    expect(html, path).not.toContain("$RC(");
    expect(html, path).toMatch(/<footer[\s>]/);
  }
  const product = await (await request.get(`/resources/${items[0]!.slug}`)).text();
  expect(product).toMatch(/<h2[^>]*>Creator<\/h2>/);
});
