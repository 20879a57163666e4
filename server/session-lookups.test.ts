import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
import * as authModule from "~/domain/auth/auth.server";
import * as rootModule from "~/root";
import * as siteModule from "~/routes/_site";
import * as productModule from "~/routes/product";
import { localSettings, signedInCookie } from "../tests/support/auth";
import { createServerApp } from "./app";

/**
 * The product page's routes (root → _site → product) as React Router's server build holds them,
 * with an entry that answers the loaders' data instead of rendering: the real request handling
 * (Express, our page handler, React Router's document and `.data` requests) without a bundle.
 */
function productPageBuild(): ServerBuild {
  const route = (id: string, parentId: string | undefined, path: string | undefined, module: object) => ({ id, parentId, path, module });
  return {
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers, context: { staticHandlerContext: { loaderData: unknown } }) =>
          Response.json(context.staticHandlerContext.loaderData, { status, headers }),
      },
    },
    routes: {
      root: route("root", undefined, "", rootModule),
      "routes/_site": route("routes/_site", "root", undefined, siteModule),
      "routes/product": route("routes/product", "routes/_site", "resources/:slug", productModule),
    },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

let base = "";
let close: () => Promise<unknown> = async () => undefined;

beforeAll(async () => {
  authModule.setAuthSettings(localSettings());
  const server = createServerApp({ mode: "production", build: productPageBuild(), clientDir: "/nonexistent" }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(resolve));
});

afterAll(async () => {
  await close();
  authModule.setAuthSettings(undefined);
});

describe("a signed-in product page", () => {
  it("resolves the session once per request, for the root loader and the page's loader together", async () => {
    const [product] = await queryRows<{ slug: string }>(getDb(), sql`select slug from products where status = 'live' and type = 'product' order by id limit 1`);
    const cookie = await signedInCookie("one.lookup@example.com");
    // Every session lookup asks the Better Auth instance for its API once.
    const lookups = vi.spyOn(authModule, "getAuth");
    try {
      const page = await fetch(`${base}/resources/${product!.slug}`, { headers: { Cookie: cookie } });
      expect(page.status).toBe(200);
      const data = (await page.json()) as { root: { user: { email: string } | null }; "routes/product": { viewer: unknown } };
      expect(data.root.user?.email).toBe("one.lookup@example.com");
      expect(data["routes/product"].viewer).toEqual({ id: expect.any(Number), upvoted: false, bookmarked: false, upvotes: expect.any(Number), bookmarks: expect.any(Number) });
      expect(lookups).toHaveBeenCalledTimes(1);

      // A client-side navigation's data request for both loaders: also one lookup.
      const navigation = await fetch(`${base}/resources/${product!.slug}.data`, { headers: { Cookie: cookie } });
      expect(navigation.status).toBe(200);
      expect(await navigation.text()).toContain("one.lookup@example.com");
      expect(lookups).toHaveBeenCalledTimes(2);
    } finally {
      lookups.mockRestore();
    }
  });
});
