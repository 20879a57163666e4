import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { queryRows } from "../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import * as authModule from "~/domain/auth/auth.server";
import * as productModule from "~/routes/product";
import { signedInCookie } from "../tests/support/auth";
import { serveSitePages } from "../tests/support/data-server";

/** The product page's routes (root → _site → product), answering their loaders' data. */
const site = serveSitePages([{ id: "routes/product", path: "resources/:slug", module: productModule }]);

describe("a signed-in product page", () => {
  it("resolves the session once per request, for the root loader and the page's loader together", async () => {
    const [product] = await queryRows<{ slug: string }>(getDb(), sql`select slug from products where status = 'live' and type = 'product' order by id limit 1`);
    const cookie = await signedInCookie("one.lookup@example.com");
    // Every session lookup asks the Better Auth instance for its API once.
    const lookups = vi.spyOn(authModule, "getAuth");
    try {
      const page = await fetch(`${site.base}/resources/${product!.slug}`, { headers: { Cookie: cookie } });
      expect(page.status).toBe(200);
      const { loaderData: data } = (await page.json()) as { loaderData: { root: { user: { email: string } | null }; "routes/product": { viewer: unknown } } };
      expect(data.root.user?.email).toBe("one.lookup@example.com");
      expect(data["routes/product"].viewer).toEqual({ id: expect.any(Number), upvoted: false, bookmarked: false, upvotes: expect.any(Number), bookmarks: expect.any(Number) });
      expect(lookups).toHaveBeenCalledTimes(1);

      // A client-side navigation's data request for both loaders: also one lookup.
      const navigation = await fetch(`${site.base}/resources/${product!.slug}.data`, { headers: { Cookie: cookie } });
      expect(navigation.status).toBe(200);
      expect(await navigation.text()).toContain("one.lookup@example.com");
      expect(lookups).toHaveBeenCalledTimes(2);
    } finally {
      lookups.mockRestore();
    }
  });
});
