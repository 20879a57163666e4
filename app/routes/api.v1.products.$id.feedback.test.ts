import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { CLIENT_IP_HEADER } from "~/lib/http/headers";
import { RATE_LIMIT_MESSAGE } from "~/lib/http/rate-limit";
import { action, loader } from "~/routes/api.v1.products.$id.feedback";
import { createProduct } from "../../tests/factories";
import { APP_URL, cookieHeader, devSignIn, localSettings } from "../../tests/support/auth";
import { FEEDBACK_MAX_LENGTH, FEEDBACK_MESSAGES, summarize, type FeedbackItem, type ProductFeedback } from "~/features/feedback/feedback";
import { FEEDBACK_RATE_LIMITS } from "~/features/feedback/requests.server";
import { addFeedback } from "~/features/feedback/mutations.server";
import { productFeedback } from "~/features/feedback/queries.server";

beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));

async function signIn(email: string) {
  const result = await devSignIn(email);
  if (!result.ok) throw new Error(result.error);
  const cookie = cookieHeader(result.headers.getSetCookie());
  const [row] = await queryRows<{ id: string }>(getDb(), sql`select id from "user" where email = ${email}`);
  return { cookie, userId: row!.id };
}

function post(productId: number | string, fields: Record<string, string>, init: { cookie?: string; origin?: string; ip?: string } = {}) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Origin: init.origin ?? APP_URL });
  if (init.cookie) headers.set("Cookie", init.cookie);
  headers.set(CLIENT_IP_HEADER, init.ip ?? "198.51.100.1");
  const request = new Request(`${APP_URL}/api/v1/products/${productId}/feedback`, { method: "POST", headers, body: new URLSearchParams(fields) });
  return action({ request, params: { id: String(productId) }, context: {} } as never);
}

/** The fields these tests read from a feedback answer; the assertions check which ones are present. */
type FeedbackBody = ProductFeedback & { feedback: FeedbackItem & { parent_id: number | null } };

async function body(response: Response) {
  return { status: response.status, json: (await response.json()) as FeedbackBody };
}

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    const result = await promise;
    return (result as Response).status;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? (error as Response).status;
  }
}

describe("summary math", () => {
  it("averages reviews to one decimal and gives each rating's share in whole percent", () => {
    expect(summarize({})).toEqual({
      average: null,
      count: 0,
      distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: 0, percent: 0 })),
    });
    const s = summarize({ 5: 2, 4: 1 });
    expect(s.average).toBe(4.7);
    expect(s.count).toBe(3);
    expect(s.distribution).toEqual([
      { rating: 5, count: 2, percent: 67 },
      { rating: 4, count: 1, percent: 33 },
      { rating: 3, count: 0, percent: 0 },
      { rating: 2, count: 0, percent: 0 },
      { rating: 1, count: 0, percent: 0 },
    ]);
    expect(summarize({ 1: 1, 2: 1 }).average).toBe(1.5);
  });
});

describe("adding reviews and replies", () => {
  it("checks the spec's rules with its messages and writes nothing when they fail", async () => {
    const product = await createProduct(getDb());
    const { userId } = await signIn("rules@example.com");
    const base = { productId: product.id, userId, parentId: null };
    expect(await addFeedback({ ...base, comment: "Great", rating: 0 })).toMatchObject({ ok: false, status: 400, message: FEEDBACK_MESSAGES.rating });
    expect(await addFeedback({ ...base, comment: "Great", rating: 6 })).toMatchObject({ ok: false, message: FEEDBACK_MESSAGES.rating });
    expect(await addFeedback({ ...base, comment: " \n\t ", rating: 4 })).toMatchObject({ ok: false, message: FEEDBACK_MESSAGES.comment });
    const both = await addFeedback({ ...base, comment: "", rating: 0 });
    expect(both).toMatchObject({ ok: false, fields: { rating: FEEDBACK_MESSAGES.rating, comment: FEEDBACK_MESSAGES.comment } });
    expect(await addFeedback({ ...base, comment: "x".repeat(FEEDBACK_MAX_LENGTH + 1), rating: 4 })).toMatchObject({
      ok: false,
      message: FEEDBACK_MESSAGES.tooLong,
    });
    expect((await addFeedback({ ...base, comment: "é".repeat(FEEDBACK_MAX_LENGTH), rating: 4 })).ok).toBe(true);

    const review = await addFeedback({ ...base, comment: "Solid tool", rating: 4 });
    if (!review.ok) throw new Error(review.message);
    const reply = { productId: product.id, userId, parentId: review.feedback.id };
    expect(await addFeedback({ ...reply, comment: "   ", rating: 0 })).toMatchObject({ ok: false, message: FEEDBACK_MESSAGES.reply });
    const saved = await addFeedback({ ...reply, comment: "Agreed", rating: 0 });
    expect(saved).toMatchObject({ ok: true, feedback: { rating: 5, parent_id: review.feedback.id } });
    if (!saved.ok) return;
    // Replies go to reviews of the same product only; never to a reply.
    expect(await addFeedback({ ...reply, parentId: saved.feedback.id, comment: "Nested", rating: 0 })).toMatchObject({
      ok: false,
      status: 404,
      message: FEEDBACK_MESSAGES.reviewNotFound,
    });
    const other = await createProduct(getDb());
    expect(await addFeedback({ ...reply, productId: other.id, comment: "Elsewhere", rating: 0 })).toMatchObject({ ok: false, status: 404 });
    const draft = await createProduct(getDb(), { status: "draft" });
    expect(await addFeedback({ ...base, productId: draft.id, comment: "Hidden", rating: 3 })).toMatchObject({
      ok: false,
      status: 404,
      message: FEEDBACK_MESSAGES.productNotFound,
    });
    const [{ n }] = (await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from product_feedback where user_id = ${userId}`)) as [
      { n: number },
    ];
    expect(n).toBe(3);
    const [stats] = await queryRows<{ comments: number }>(getDb(), sql`select comments from product_stats where product_id = ${product.id}`);
    expect(stats!.comments).toBe(3);
  });

  it("lists reviews newest first with replies oldest first, authors joined, and summarizes reviews only", async () => {
    const product = await createProduct(getDb());
    const alice = await signIn("alice.reviewer@example.com");
    const bob = await signIn("bob.reviewer@example.com");
    await getDb().execute(sql`update profiles set career = 'Designer' where id = ${alice.userId}`);
    const first = await addFeedback({ productId: product.id, userId: alice.userId, comment: "First", rating: 2, parentId: null });
    const second = await addFeedback({ productId: product.id, userId: bob.userId, comment: "Second", rating: 5, parentId: null });
    if (!first.ok || !second.ok) throw new Error("setup failed");
    // Same-statement timestamps would tie: make the order explicit.
    await getDb().execute(sql`update product_feedback set created_at = now() - interval '1 hour' where id = ${first.feedback.id}`);
    for (const [userId, comment] of [
      [bob.userId, "Reply one"],
      [alice.userId, "Reply two"],
    ] as const) {
      const r = await addFeedback({ productId: product.id, userId, comment, rating: 0, parentId: first.feedback.id });
      if (!r.ok) throw new Error(r.message);
    }
    await getDb().execute(sql`update product_feedback set created_at = now() - interval '10 minutes' where comment = 'Reply one'`);

    const feedback = await productFeedback(product.id);
    expect(feedback.reviews.map((r) => r.comment)).toEqual(["Second", "First"]);
    expect(feedback.reviews[1]!.replies.map((r) => r.comment)).toEqual(["Reply one", "Reply two"]);
    expect(feedback.reviews[1]!.author).toMatchObject({ username: "alicereviewer", career: "Designer" });
    // Replies (stored with rating 5) do not count in the summary.
    expect(feedback.summary).toMatchObject({ average: 3.5, count: 2 });
    expect(feedback.summary.distribution.find((d) => d.rating === 5)).toEqual({ rating: 5, count: 1, percent: 50 });

    const response = await loader({ request: new Request(`${APP_URL}/api/v1/products/${product.id}/feedback`), params: { id: String(product.id) }, context: {} } as never);
    const { status, json } = await body(response);
    expect(status).toBe(200);
    expect(json.summary.count).toBe(2);
    expect(json.reviews[0]!.comment).toBe("Second");
  });

  it("stores a comment exactly as typed, markup included", async () => {
    const product = await createProduct(getDb());
    const { userId } = await signIn("markup@example.com");
    const typed = `<script>alert("x")</script>\n<b>bold</b> & "quotes"`;
    const saved = await addFeedback({ productId: product.id, userId, comment: typed, rating: 3, parentId: null });
    expect(saved.ok).toBe(true);
    const [row] = await queryRows<{ comment: string }>(getDb(), sql`select comment from product_feedback where product_id = ${product.id}`);
    expect(row!.comment).toBe(typed);
  });
});

describe("POST /api/v1/products/{id}/feedback", () => {
  it("adds a review and a reply for a signed-in user (201) and answers 400 with the spec's messages", async () => {
    const product = await createProduct(getDb());
    const { cookie } = await signIn("poster@example.com");
    const missingRating = await body(await post(product.id, { comment: "Nice" }, { cookie }));
    expect(missingRating).toMatchObject({ status: 400, json: { error: { message: FEEDBACK_MESSAGES.rating } } });
    const blank = await body(await post(product.id, { comment: "  ", rating: "4" }, { cookie }));
    expect(blank).toMatchObject({ status: 400, json: { error: { message: FEEDBACK_MESSAGES.comment } } });
    const review = await body(await post(product.id, { comment: "Nice", rating: "4" }, { cookie }));
    expect(review.status).toBe(201);
    expect(review.json.feedback).toMatchObject({ comment: "Nice", rating: 4, parent_id: null, author: { username: "poster" } });
    const blankReply = await body(await post(product.id, { comment: "", parentId: String(review.json.feedback.id) }, { cookie }));
    expect(blankReply).toMatchObject({ status: 400, json: { error: { message: FEEDBACK_MESSAGES.reply } } });
    const reply = await body(await post(product.id, { comment: "Thanks", parentId: String(review.json.feedback.id) }, { cookie }));
    expect(reply).toMatchObject({ status: 201, json: { feedback: { rating: 5, parent_id: review.json.feedback.id } } });
  });

  it("needs a session (401), a valid id (400), a live product (404) and the site's origin (403)", async () => {
    const product = await createProduct(getDb());
    expect(await body(await post(product.id, { comment: "Hi", rating: "5" }))).toMatchObject({
      status: 401,
      json: { error: { message: FEEDBACK_MESSAGES.signIn } },
    });
    const { cookie } = await signIn("checks@example.com");
    expect((await post("abc", { comment: "Hi", rating: "5" }, { cookie })).status).toBe(400);
    expect((await post(2_000_000_000, { comment: "Hi", rating: "5" }, { cookie })).status).toBe(404);
    expect(await statusOf(post(product.id, { comment: "Hi", rating: "5" }, { cookie, origin: "https://evil.example" }))).toBe(403);
    const [{ n }] = (await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from product_feedback where product_id = ${product.id}`)) as [
      { n: number },
    ];
    expect(n).toBe(0);
  });

  it("limits writes per user (429 with Retry-After and a clear message), shared through the database", async () => {
    const product = await createProduct(getDb());
    const { cookie } = await signIn("eager@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < FEEDBACK_RATE_LIMITS.userBurst.limit; i += 1) {
      statuses.push((await post(product.id, { comment: `Review ${i}`, rating: "5" }, { cookie, ip: `198.51.100.${10 + i}` })).status);
    }
    expect(statuses.every((s) => s === 201)).toBe(true);
    const refused = await post(product.id, { comment: "One more", rating: "5" }, { cookie, ip: "198.51.100.99" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(RATE_LIMIT_MESSAGE);
    const [row] = await queryRows<{ count: number }>(getDb(), sql`select count from rate_limits where key like 'feedback:user:%' order by count desc limit 1`);
    expect(row!.count).toBe(FEEDBACK_RATE_LIMITS.userBurst.limit + 1);
  });

  it("limits writes per address across users", async () => {
    const product = await createProduct(getDb());
    const ip = "203.0.113.50";
    const limit = FEEDBACK_RATE_LIMITS.ip.limit;
    // Enough people that none of them reaches the per-user limit.
    const people = await Promise.all(
      Array.from({ length: Math.ceil((limit + 1) / 5) }, (_, i) => signIn(`crowd${i}@example.com`)),
    );
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i += 1) {
      const { cookie } = people[Math.floor(i / 5)]!;
      statuses.push((await post(product.id, { comment: `From the crowd ${i}`, rating: "4" }, { cookie, ip })).status);
    }
    expect(statuses.slice(0, limit).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const elsewhere = await signIn("elsewhere@example.com");
    expect((await post(product.id, { comment: "Elsewhere", rating: "4" }, { cookie: elsewhere.cookie, ip: "203.0.113.51" })).status).toBe(201);
  });
});
