import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { RATE_LIMIT_MESSAGE } from "~/lib/http/rate-limit";
import { action as bookmarkAction, loader as bookmarkLoader } from "~/routes/api.v1.products.$id.bookmark";
import { loader as engagementLoader } from "~/routes/api.v1.me.engagement";
import { action as upvoteAction } from "~/routes/api.v1.products.$id.upvote";
import { createProduct } from "../../tests/factories";
import { APP_URL, cookieHeader, devSignIn, localSettings } from "../../tests/support/auth";
import { setEngagementRateLimits } from "~/features/engagement/requests.server";

beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));
afterEach(() => {
  setEngagementRateLimits(undefined);
});

let emails = 0;
async function signIn(name = "voter") {
  const result = await devSignIn(`${name}.${++emails}.${Date.now().toString(36)}@example.com`);
  if (!result.ok) throw new Error(result.error);
  return cookieHeader(result.headers.getSetCookie());
}

let ips = 0;
function freshIp() {
  ips += 1;
  return `10.0.${Math.floor(ips / 250)}.${ips % 250}`;
}

interface CallOptions {
  cookie?: string;
  origin?: string | null;
  ip?: string;
  method?: string;
}

function request(path: string, { cookie, origin = APP_URL, ip = freshIp(), method = "PUT" }: CallOptions = {}) {
  const headers = new Headers({ "x-toolnest-client-ip": ip });
  if (cookie) headers.set("Cookie", cookie);
  if (origin) headers.set("Origin", origin);
  return new Request(`${APP_URL}${path}`, { method, headers });
}

/** The fields these tests read from a toggle answer; the assertions check which ones are present. */
interface ToggleBody {
  upvoted?: boolean;
  upvotes: number;
  bookmarked?: boolean;
  bookmarks?: number;
  changed?: boolean;
  error: { message: string };
}

async function call(kind: "upvote" | "bookmark", id: string | number, options: CallOptions = {}) {
  const action = kind === "upvote" ? upvoteAction : bookmarkAction;
  const response = await action({
    request: request(`/api/v1/products/${id}/${kind}`, options),
    params: { id: String(id) },
    context: {},
  } as never);
  return { status: response.status, headers: response.headers, body: (await response.json()) as ToggleBody };
}

describe("PUT and DELETE /api/v1/products/{id}/upvote", () => {
  it("upvotes and withdraws for the signed-in user, answering the new state and count", async () => {
    const product = await createProduct(getDb());
    const [ann, bob] = [await signIn(), await signIn()];
    expect((await call("upvote", product.id, { cookie: ann })).body).toEqual({ upvoted: true, upvotes: 1, changed: true });
    expect((await call("upvote", product.id, { cookie: ann })).body).toEqual({ upvoted: true, upvotes: 1, changed: false });
    expect((await call("upvote", product.id, { cookie: bob })).body).toEqual({ upvoted: true, upvotes: 2, changed: true });
    const removed = await call("upvote", product.id, { cookie: ann, method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ upvoted: false, upvotes: 1, changed: true });
    expect(removed.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it.each(["abc", "0", "-1", "1.5", "99999999999", "1e3", " 1"])("answers 400 Invalid Product ID for %j", async (id) => {
    const cookie = await signIn();
    const result = await call("upvote", id, { cookie });
    expect(result.status).toBe(400);
    expect(result.body.error.message).toBe("Invalid Product ID");
  });

  it("answers 404 for a missing or non-live product", async () => {
    const cookie = await signIn();
    const draft = await createProduct(getDb(), { status: "draft" });
    for (const id of [2_000_000_000, draft.id]) {
      const result = await call("upvote", id, { cookie });
      expect(result.status).toBe(404);
      expect(result.body.error.message).toBe("Product not found in database");
    }
  });

  it("answers 401 without a session and 403 for a cross-site request, writing nothing", async () => {
    const product = await createProduct(getDb());
    const anonymous = await call("upvote", product.id);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.message).toBeTruthy();
    const cookie = await signIn();
    const crossSite = await call("upvote", product.id, { cookie, origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const [row] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from product_upvotes where product_id = ${product.id}`);
    expect(row!.n).toBe(0);
  });

  it("refuses other methods with 405", async () => {
    const cookie = await signIn();
    const result = await call("upvote", 1, { cookie, method: "POST" });
    expect(result.status).toBe(405);
    expect(result.headers.get("Allow")).toBe("PUT, DELETE");
    expect((await bookmarkLoader()).status).toBe(405);
  });
});

describe("PUT and DELETE /api/v1/products/{id}/bookmark", () => {
  it("saves idempotently (changed says whether it already existed) and removes", async () => {
    const product = await createProduct(getDb());
    const cookie = await signIn();
    expect((await call("bookmark", product.id, { cookie })).body).toEqual({ bookmarked: true, bookmarks: 1, changed: true });
    expect((await call("bookmark", product.id, { cookie })).body).toEqual({ bookmarked: true, bookmarks: 1, changed: false });
    expect((await call("bookmark", product.id, { cookie, method: "DELETE" })).body).toEqual({ bookmarked: false, bookmarks: 0, changed: true });
    expect((await call("bookmark", "abc", { cookie })).status).toBe(400);
    expect((await call("bookmark", 2_000_000_000, { cookie })).status).toBe(404);
    expect((await call("bookmark", product.id)).status).toBe(401);
  });
});

describe("GET /api/v1/me/engagement", () => {
  it("tells the signed-in user which products they upvoted and saved", async () => {
    const db = getDb();
    const [a, b] = [await createProduct(db), await createProduct(db)];
    const cookie = await signIn();
    await call("upvote", a.id, { cookie });
    await call("bookmark", b.id, { cookie });
    const response = await engagementLoader({
      request: request(`/api/v1/me/engagement?ids=${a.id},${b.id},${b.id}`, { cookie, method: "GET" }),
      params: {},
      context: {},
    } as never);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: { id: number }[] };
    expect(body.items.sort((x, y) => x.id - y.id)).toEqual([
      { id: a.id, upvoted: true, bookmarked: false, upvotes: 1, bookmarks: 0 },
      { id: b.id, upvoted: false, bookmarked: true, upvotes: 0, bookmarks: 1 },
    ]);
  });

  it("answers 400 for bad ids and 401 when signed out", async () => {
    const cookie = await signIn();
    const get = (query: string, withCookie = true) =>
      engagementLoader({
        request: request(`/api/v1/me/engagement?${query}`, { cookie: withCookie ? cookie : undefined, method: "GET" }),
        params: {},
        context: {},
      } as never);
    expect((await get("ids=1,abc")).status).toBe(400);
    expect((await get(`ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(",")}`)).status).toBe(400);
    expect((await get("ids=1", false)).status).toBe(401);
  });
});

describe("rate limits on upvotes and saves", () => {
  it("refuses a user's 61st write in a minute with 429 and a clear message", async () => {
    const product = await createProduct(getDb());
    const cookie = await signIn("eager");
    for (let i = 0; i < 60; i++) {
      const result = await call(i % 2 ? "bookmark" : "upvote", product.id, { cookie, method: i % 4 < 2 ? "PUT" : "DELETE" });
      expect(result.status).toBe(200);
    }
    const refused = await call("upvote", product.id, { cookie });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(RATE_LIMIT_MESSAGE);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another user is not affected.
    expect((await call("upvote", product.id, { cookie: await signIn() })).status).toBe(200);
  });

  it("lets 50 signed-in users behind one address all act at once", async () => {
    const product = await createProduct(getDb());
    const cookies = await Promise.all(Array.from({ length: 50 }, () => signIn("office")));
    const ip = "192.0.2.50";
    const results = await Promise.all(cookies.map((cookie) => call("upvote", product.id, { cookie, ip })));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const again = await Promise.all(cookies.map((cookie) => call("bookmark", product.id, { cookie, ip })));
    expect(again.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(Math.max(...results.map((r) => r.body.upvotes))).toBe(50);
  });

  it("limits each address, counting every user behind it", async () => {
    setEngagementRateLimits({ ip: 5 });
    const product = await createProduct(getDb());
    const ip = "198.51.100.7";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call("upvote", product.id, { cookie: await signIn("shared"), ip })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await call("upvote", product.id, { cookie: await signIn(), ip: "198.51.100.8" })).status).toBe(200);
  });
});
