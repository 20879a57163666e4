import { describe, expect, it } from "vitest";
import { createRoutesStub } from "react-router";
import type { ProductCard } from "~/domain/product-card";
import { renderHtml } from "../../../../tests/support/render-html";
import { SearchResultCard, displayWebsite } from "./search-result-card";

const product: ProductCard = {
  id: 1,
  slug: "keepass",
  product_name: "KeePass",
  tagline: "Password manager.",
  description: "<p>Password manager. Stores <strong>secrets</strong> &amp; keys offline.</p>",
  website_url: "https://www.keepass.info/",
  logo_url: null,
  pricing: "free",
  tags: ["password-manager", "open-source"],
  upvotes: 3,
  is_advertised: false,
  created_at: "2026-01-01T00:00:00.000Z",
};

describe("a search result", () => {
  it("shows the website as a visitor reads it", () => {
    expect(displayWebsite("https://www.keepass.info/")).toBe("keepass.info");
    expect(displayWebsite("http://example.com/tools/app/")).toBe("example.com/tools/app");
    expect(displayWebsite("javascript:alert(1)")).toBeNull();
    expect(displayWebsite(null)).toBeNull();
  });

  it("lists title, tagline, description without the repeated tagline, website and tags as words", () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <SearchResultCard product={product} /> }]);
    const html = renderHtml(<Stub />);
    expect(html).toContain(">KeePass</a>");
    expect(html).toContain(">Password manager.</p>");
    expect(html).toContain(">Stores secrets &amp; keys offline.</p>");
    expect(html).toContain(">keepass.info</span>");
    expect(html).toContain(">password manager</a>");
    expect(html).toContain('href="/tag/password-manager"');
  });
});
