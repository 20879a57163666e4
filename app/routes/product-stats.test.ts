import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { addFeedback } from "~/features/feedback/mutations.server";
import { CLIENT_IP_HEADER } from "~/lib/http/headers";
import { action as clickAction } from "~/routes/api.v1.products.$id.click";
import { action as viewAction } from "~/routes/api.v1.products.$id.view";
import { loader as productLoader } from "~/routes/product";
import { createProduct } from "../../tests/factories";
import { APP_URL, cookieHeader, devSignIn, localSettings } from "../../tests/support/auth";
import { userActivities, submitterStats } from "~/features/stats/queries.server";
import { CLICK_RATE_LIMIT, VIEW_RATE_LIMIT } from "~/features/stats/requests.server";
import { recordView } from "~/features/stats/mutations.server";
import { visitorHash } from "~/features/stats/visitor.server";

beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

async function signIn(email: string) {
  const result = await devSignIn(email);
  if (!result.ok) throw new Error(result.error);
  const [row] = await queryRows<{ id: string }>(getDb(), sql`select id from "user" where email = ${email}`);
  return { cookie: cookieHeader(result.headers.getSetCookie()), userId: row!.id };
}

function beacon(path: string, init: { ip: string; ua?: string; cookie?: string }) {
  const headers = new Headers({ Origin: APP_URL, [CLIENT_IP_HEADER]: init.ip, "User-Agent": init.ua ?? BROWSER });
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(`${APP_URL}${path}`, { method: "POST", headers });
}

async function view(productId: number, init: { ip: string; ua?: string; cookie?: string }) {
  return (await viewAction({ request: beacon(`/api/v1/products/${productId}/view`, init), params: { id: String(productId) }, context: {} } as never)) as Response;
}

async function click(productId: number, init: { ip: string; ua?: string; cookie?: string }) {
  return (await clickAction({ request: beacon(`/api/v1/products/${productId}/click`, init), params: { id: String(productId) }, context: {} } as never)) as Response;
}

async function count(query: ReturnType<typeof sql>) {
  const [row] = await queryRows<{ n: number }>(getDb(), query);
  return Number(row!.n);
}

describe("visitor hash", () => {
  it("is stable for a visitor within a day, differs across days and visitors, and names nobody", () => {
    const who = { userId: null, ip: "192.0.2.1", userAgent: BROWSER };
    const a = visitorHash(who, "2025-06-01", "s".repeat(32));
    expect(visitorHash(who, "2025-06-01", "s".repeat(32))).toBe(a);
    expect(visitorHash(who, "2025-06-02", "s".repeat(32))).not.toBe(a);
    expect(visitorHash({ ...who, ip: "192.0.2.2" }, "2025-06-01", "s".repeat(32))).not.toBe(a);
    expect(visitorHash({ ...who, userId: "u1" }, "2025-06-01", "s".repeat(32))).not.toBe(a);
    expect(a).not.toContain("192.0.2.1");
    expect(a).toMatch(/^[\w-]{22}$/);
  });
});

describe("page views", () => {
  it("count once per visitor and day, skip bots and refuse unknown products", async () => {
    const product = await createProduct(getDb());
    expect((await view(product.id, { ip: "192.0.2.10" })).status).toBe(204);
    expect((await view(product.id, { ip: "192.0.2.10" })).status).toBe(204);
    expect((await view(product.id, { ip: "192.0.2.11" })).status).toBe(204);
    expect((await view(product.id, { ip: "192.0.2.12", ua: "Googlebot/2.1 (+http://www.google.com/bot.html)" })).status).toBe(204);
    expect(await count(sql`select count(*) as n from product_views where product_id = ${product.id}`)).toBe(2);
    // A signed-in user is one visitor whatever the address.
    const { cookie } = await signIn("viewer@example.com");
    await view(product.id, { ip: "192.0.2.20", cookie });
    await view(product.id, { ip: "192.0.2.21", cookie });
    expect(await count(sql`select count(*) as n from product_views where product_id = ${product.id}`)).toBe(3);
    // The same visitor is counted again on another day.
    const request = beacon("/", { ip: "192.0.2.10" });
    expect(await recordView(product.id, request, null, new Date(Date.now() - 86_400_000))).toBe("recorded");
    expect(await recordView(product.id, request, null)).toBe("repeat");
    expect((await view(2_000_000_000, { ip: "192.0.2.10" })).status).toBe(404);
    const draft = await createProduct(getDb(), { status: "draft" });
    expect((await view(draft.id, { ip: "192.0.2.10" })).status).toBe(404);
  });

  it("leave out the product's own makers (submitter and maker by claim), signed in, and count anybody else (issue 36)", async () => {
    const product = await createProduct(getDb());
    const submitter = await signIn("ownviews.submitter@example.com");
    const claimer = await signIn("ownviews.claimer@example.com");
    const fan = await signIn("ownviews.fan@example.com");
    await getDb().execute(sql`update products set submitter_id = ${submitter.userId} where id = ${product.id}`);
    await getDb().execute(sql`insert into product_makers (product_id, profile_id, status) values (${product.id}, ${claimer.userId}, 'verified')`);
    expect((await view(product.id, { ip: "192.0.2.40", cookie: submitter.cookie })).status).toBe(204);
    expect((await view(product.id, { ip: "192.0.2.41", cookie: claimer.cookie })).status).toBe(204);
    expect(await count(sql`select count(*) as n from product_views where product_id = ${product.id}`)).toBe(0);
    expect((await view(product.id, { ip: "192.0.2.42", cookie: fan.cookie })).status).toBe(204);
    expect(await count(sql`select count(*) as n from product_views where product_id = ${product.id}`)).toBe(1);
    expect(await recordView(product.id, beacon("/", { ip: "192.0.2.40" }), submitter.userId)).toBe("own");
  });

  it("are rate limited per address (429)", async () => {
    const product = await createProduct(getDb());
    const ip = "192.0.2.99";
    await getDb().execute(sql`insert into rate_limits (key, count) values (${`views:ip:${ip}`}, ${VIEW_RATE_LIMIT.limit})`);
    const refused = await view(product.id, { ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBeTruthy();
    await getDb().execute(sql`insert into rate_limits (key, count) values (${`clicks:ip:${ip}`}, ${CLICK_RATE_LIMIT.limit})`);
    expect((await click(product.id, { ip })).status).toBe(429);
    expect(await count(sql`select count(*) as n from product_clicks where product_id = ${product.id}`)).toBe(0);
  });
});

describe("submitter statistics", () => {
  it("count views, click-outs, distinct clicking visitors, saves and comments, with a 30-day series", async () => {
    const product = await createProduct(getDb());
    const maker = await signIn("maker.stats@example.com");
    await getDb().execute(sql`update products set submitter_id = ${maker.userId} where id = ${product.id}`);
    await view(product.id, { ip: "192.0.2.30" });
    await view(product.id, { ip: "192.0.2.31" });
    await view(product.id, { ip: "192.0.2.31" });
    for (const ip of ["192.0.2.30", "192.0.2.30", "192.0.2.31"]) expect((await click(product.id, { ip })).status).toBe(204);
    await getDb().execute(sql`insert into bookmarks (user_id, product_id) values (${maker.userId}, ${product.id})`);
    await addFeedback({ productId: product.id, userId: maker.userId, comment: "Mine", rating: 5, parentId: null });
    // Older events land on their own days; events older than 30 days stay in the totals only.
    await getDb().execute(sql`insert into product_views (product_id, day, visitor_hash) values
      (${product.id}, (now() at time zone 'UTC')::date - 3, 'old-visitor'),
      (${product.id}, (now() at time zone 'UTC')::date - 40, 'ancient-visitor')`);
    await getDb().execute(sql`insert into product_clicks (product_id, visitor_hash, created_at) values (${product.id}, 'old-visitor', now() - interval '3 days')`);

    const stats = await submitterStats(product.id, maker.userId);
    expect(stats).toMatchObject({ views: 4, usages: 4, users: 3, saves: 1, comments: 1 });
    expect(stats!.series).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(stats!.series.at(-1)).toEqual({ day: today, views: 2, clicks: 3 });
    expect(stats!.series.at(-4)).toMatchObject({ views: 1, clicks: 1 });
    expect(stats!.series.reduce((n, p) => n + p.views, 0)).toBe(3);
  });

  it("are given by the product page only to the product's submitter", async () => {
    const product = await createProduct(getDb());
    const maker = await signIn("maker.page@example.com");
    const other = await signIn("someone.else@example.com");
    await getDb().execute(sql`update products set submitter_id = ${maker.userId} where id = ${product.id}`);
    const load = async (cookie?: string) =>
      (await productLoader({
        request: new Request(`${APP_URL}/resources/${product.slug}`, { headers: cookie ? { Cookie: cookie } : {} }),
        params: { slug: product.slug },
        context: {},
      } as never)) as { submitterStats: unknown; feedback: { reviews: unknown[] } };
    expect((await load(maker.cookie)).submitterStats).toMatchObject({ views: 0, usages: 0, users: 0, saves: 0, comments: 0 });
    expect((await load(other.cookie)).submitterStats).toBeNull();
    const anonymous = await load();
    expect(anonymous.submitterStats).toBeNull();
    expect(anonymous.feedback.reviews).toEqual([]);
    expect(await submitterStats(product.id, other.userId)).toBeNull();
  });
});

describe("My Activities", () => {
  it("lists the user's reviews (100-character previews), replies, upvotes and saves, newest first, live products only", async () => {
    const { userId } = await signIn("active@example.com");
    const a = await createProduct(getDb(), { product_name: "Activity Alpha" });
    const b = await createProduct(getDb(), { product_name: "Activity Beta" });
    const hidden = await createProduct(getDb(), { product_name: "Activity Hidden", status: "rejected" });
    const long = "L".repeat(150);
    const review = await addFeedback({ productId: a.id, userId, comment: long, rating: 4, parentId: null });
    if (!review.ok) throw new Error(review.message);
    await addFeedback({ productId: a.id, userId, comment: "A reply", rating: 0, parentId: review.feedback.id });
    await getDb().execute(sql`insert into product_upvotes (product_id, user_id, created_at) values (${b.id}, ${userId}, now() - interval '2 days')`);
    await getDb().execute(sql`insert into bookmarks (product_id, user_id, created_at) values (${b.id}, ${userId}, now() - interval '1 day')`);
    await getDb().execute(sql`insert into bookmarks (product_id, user_id) values (${hidden.id}, ${userId})`);
    await getDb().execute(sql`update product_feedback set created_at = now() - interval '3 days' where id = ${review.feedback.id}`);

    const items = await userActivities(userId, 10);
    expect(items.map((i) => [i.kind, i.product.name])).toEqual([
      ["reply", "Activity Alpha"],
      ["save", "Activity Beta"],
      ["upvote", "Activity Beta"],
      ["review", "Activity Alpha"],
    ]);
    const reviewItem = items.at(-1)!;
    expect(reviewItem.preview).toBe(`${"L".repeat(100)}…`);
    expect(reviewItem.rating).toBe(4);
    expect(reviewItem.product.slug).toBe(a.slug);
    expect(items[0]!.preview).toBe("A reply");
    expect(await userActivities(userId, 2)).toHaveLength(2);
  });
});
