import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { readFlash } from "~/domain/flash.server";
import { setEngagementRateLimits } from "~/features/engagement/requests.server";
import { RATE_LIMIT_MESSAGE } from "~/lib/http/rate-limit";
import { action as bookmarkAction, loader as bookmarkLoader } from "~/routes/products.$id.bookmark";
import { action as upvoteAction } from "~/routes/products.$id.upvote";
import { createProduct } from "../../tests/factories";
import { APP_URL, formRequest, localSettings, signedInCookie } from "../../tests/support/auth";

// The upvote and save buttons as plain HTML forms (decision 082): POST /products/{id}/upvote and
// /bookmark with on=true|false, answered with a redirect back to the page, or a short 4xx.

beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));
afterEach(() => setEngagementRateLimits(undefined));

let people = 0;
const member = () => signedInCookie(`form.${++people}.${Date.now().toString(36)}@example.com`);

interface Post {
  cookie?: string;
  origin?: string;
  referer?: string | null;
  fields?: Record<string, string>;
}

async function post(kind: "upvote" | "bookmark", id: string | number, { cookie, origin, referer = "/resources/some-tool?tab=reviews", fields = { on: "true" } }: Post = {}) {
  const request = formRequest(`/products/${id}/${kind}`, fields, { cookie, origin });
  if (referer !== null) request.headers.set("Referer", referer.startsWith("/") ? `${APP_URL}${referer}` : referer);
  request.headers.set("x-toolnest-client-ip", `10.9.${people % 250}.${Math.floor(Math.random() * 250)}`);
  const action = kind === "upvote" ? upvoteAction : bookmarkAction;
  return (await action({ request, params: { id: String(id) }, context: {} } as never)) as Response;
}

async function rows(table: "product_upvotes" | "bookmarks", productId: number) {
  const [row] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from ${sql.raw(table)} where product_id = ${productId}`);
  return row!.n;
}

/** The message the next page shows (the flash cookie the answer sets), or null. */
async function flashOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("toolnest_flash="));
  if (!cookie) return null;
  const { flash } = await readFlash(new Request(APP_URL, { headers: { Cookie: cookie.split(";")[0]! } }));
  return flash && { kind: flash.kind, message: flash.message };
}

describe("POST /products/{id}/upvote and /bookmark (the plain forms)", () => {
  it("upvotes and withdraws for the signed-in member, then goes back (303) to the page the form was on", async () => {
    const product = await createProduct(getDb());
    const cookie = await member();
    const upvoted = await post("upvote", product.id, { cookie });
    expect(upvoted.status).toBe(303);
    expect(upvoted.headers.get("Location")).toBe("/resources/some-tool?tab=reviews");
    expect(await flashOf(upvoted)).toBeNull();
    expect(await rows("product_upvotes", product.id)).toBe(1);
    // Idempotent: the same form posted twice is one upvote.
    expect((await post("upvote", product.id, { cookie })).status).toBe(303);
    expect(await rows("product_upvotes", product.id)).toBe(1);
    expect((await post("upvote", product.id, { cookie, fields: { on: "false" } })).status).toBe(303);
    expect(await rows("product_upvotes", product.id)).toBe(0);
  });

  it("saves and removes with the toasts' messages as the next page's flash", async () => {
    const product = await createProduct(getDb());
    const cookie = await member();
    const saved = await post("bookmark", product.id, { cookie, referer: "/search?q=tool" });
    expect(saved.headers.get("Location")).toBe("/search?q=tool");
    expect(await flashOf(saved)).toEqual({ kind: "success", message: "Bookmarked" });
    expect(await flashOf(await post("bookmark", product.id, { cookie }))).toEqual({ kind: "error", message: "Already bookmarked." });
    expect(await rows("bookmarks", product.id)).toBe(1);
    expect(await flashOf(await post("bookmark", product.id, { cookie, fields: { on: "false" } }))).toEqual({ kind: "success", message: "Bookmark removed" });
    expect(await rows("bookmarks", product.id)).toBe(0);
  });

  it("sends a signed-out visitor to sign in and back to the page, writing nothing", async () => {
    const product = await createProduct(getDb());
    const response = await post("upvote", product.id, { referer: "/niche/smart-home" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fniche%2Fsmart-home");
    expect(await rows("product_upvotes", product.id)).toBe(0);
  });

  it("goes back only to a page of this site: another site's or a hostile Referer, or none, goes home", async () => {
    const product = await createProduct(getDb());
    const cookie = await member();
    for (const referer of ["https://evil.example/resources/x", `${APP_URL}//evil.example/x`, `${APP_URL}/%2F%2Fevil.example`, "not a url", null]) {
      const response = await post("bookmark", product.id, { cookie, referer });
      expect(response.status, String(referer)).toBe(303);
      expect(response.headers.get("Location"), String(referer)).toBe("/");
    }
  });

  it("answers bad input with a clear 4xx and writes nothing", async () => {
    const product = await createProduct(getDb());
    const draft = await createProduct(getDb(), { status: "draft" });
    const cookie = await member();
    const cases: [string, Promise<Response>, number, string][] = [
      ["no on", post("upvote", product.id, { cookie, fields: {} }), 400, "Invalid request: on must be true or false"],
      ["garbage on", post("upvote", product.id, { cookie, fields: { on: "yes" } }), 400, "Invalid request: on must be true or false"],
      ["bad id", post("upvote", "abc", { cookie }), 400, "Invalid Product ID"],
      ["unknown product", post("upvote", 2_000_000_000, { cookie }), 404, "Product not found in database"],
      ["not public", post("bookmark", draft.id, { cookie }), 404, "Product not found in database"],
      ["cross-site", post("upvote", product.id, { cookie, origin: "https://evil.example" }), 403, "Forbidden"],
    ];
    for (const [what, pending, status, message] of cases) {
      const response = await pending;
      expect(response.status, what).toBe(status);
      expect(await response.text(), what).toBe(message);
    }
    const read = await bookmarkLoader({ request: new Request(`${APP_URL}/products/${product.id}/bookmark`), params: { id: String(product.id) }, context: {} } as never);
    expect(read.status).toBe(405);
    expect(read.headers.get("Allow")).toBe("POST");
    expect(await rows("product_upvotes", product.id)).toBe(0);
    expect(await rows("bookmarks", draft.id)).toBe(0);
  });

  it("counts toward the same rate limit as the API and says so with 429", async () => {
    setEngagementRateLimits({ user: 2 });
    const product = await createProduct(getDb());
    const cookie = await member();
    expect((await post("upvote", product.id, { cookie })).status).toBe(303);
    expect((await post("bookmark", product.id, { cookie })).status).toBe(303);
    const refused = await post("upvote", product.id, { cookie, fields: { on: "false" } });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(RATE_LIMIT_MESSAGE);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
