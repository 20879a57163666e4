import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/registry.server";
import { env } from "~/lib/env.server";
import { escapeXml } from "~/lib/text";
import { createProduct, createUser } from "../../../tests/factories";
import { publicBadgeData } from "./queries.server";
import { badgeResponse, etagMatches } from "./requests.server";

/** Upvotes as members give them: rows the database's triggers count into product_stats. */
async function upvote(productId: number, times: number) {
  const db = getDb();
  for (let i = 0; i < times; i++) {
    const user = await createUser(db);
    await db.execute(sql`insert into product_upvotes (product_id, user_id) values (${productId}, ${user})`);
  }
}

describe("publicBadgeData", () => {
  it("reads the name and the count the database keeps", async () => {
    const product = await createProduct(getDb(), { product_name: "Badge & <Co>", slug: `badge-co-${Date.now().toString(36)}` });
    expect(await publicBadgeData(product.slug)).toEqual({ productName: "Badge & <Co>", upvotes: 0 });
    await upvote(product.id, 3);
    expect(await publicBadgeData(product.slug)).toEqual({ productName: "Badge & <Co>", upvotes: 3 });
  });

  it("knows no product the public may not see", async () => {
    const db = getDb();
    const hidden = [
      ...(await Promise.all(["draft", "pending", "rejected", "deleted"].map((status) => createProduct(db, { status })))),
      await createProduct(db, { type: "suggestion" }),
    ];
    for (const product of hidden) expect(await publicBadgeData(product.slug), product.slug).toBeUndefined();
    expect(await publicBadgeData("no-such-product-anywhere")).toBeUndefined();
  });
});

describe("badgeResponse", () => {
  it("answers the SVG with its count, cache headers, an ETag and a script-free policy", async () => {
    const product = await createProduct(getDb());
    await upvote(product.id, 2);
    const response = await badgeResponse(product.slug, "light", null);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const body = await response.text();
    expect(body).toContain(`>${escapeXml(env().SITE_NAME)}</text>`);
    expect(body).toContain(">2</text>");
    expect(response.headers.get("ETag")).toMatch(/^"[\w-]+"$/);
  });

  it("answers 304 to the ETag it gave, and a new ETag once the count changes", async () => {
    const product = await createProduct(getDb());
    const first = (await badgeResponse(product.slug, "light", null)).headers.get("ETag")!;
    const again = await badgeResponse(product.slug, "light", first);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ETag")).toBe(first);
    // The dark badge is another image with its own ETag.
    expect((await badgeResponse(product.slug, "dark", first)).status).toBe(200);
    await upvote(product.id, 1);
    const changed = await badgeResponse(product.slug, "light", first);
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(first);
  });

  it("answers 404 without a slug or for a product the public may not see", async () => {
    const draft = await createProduct(getDb(), { status: "draft" });
    for (const slug of [null, draft.slug, "no-such-product-anywhere"]) {
      const response = await badgeResponse(slug, "light", null);
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).not.toMatch(/svg/);
    }
  });
});

describe("etagMatches", () => {
  it("matches the tag in a list, in its weak form, or *, and nothing else", () => {
    expect(etagMatches('"a", "b"', '"b"')).toBe(true);
    expect(etagMatches('W/"b"', '"b"')).toBe(true);
    expect(etagMatches("*", '"b"')).toBe(true);
    expect(etagMatches('"bb"', '"b"')).toBe(false);
    expect(etagMatches(null, '"b"')).toBe(false);
  });
});
