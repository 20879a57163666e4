import { sql } from "drizzle-orm";
import { z } from "zod";
import { invalidate, productTag, profileTag } from "~/db/cache-bus.server";
import { cachedRead } from "~/db/data-cache.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { intArray } from "~/db/sql-arrays";
import { getDb } from "~/db/registry.server";
import { getOptionalUser } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { publicProductFilter } from "~/domain/public-product.server";
import { insertFeedback } from "~/domain/reviews/reviews.server";
import { jsonError, parseProductId, rateLimitedJson } from "~/lib/api.server";
import { clientIp } from "~/lib/http/client-address";
import { consumeAll } from "~/domain/rate-limit.server";
import type { RateLimitRule } from "~/lib/http/rate-limit";
import {
  FEEDBACK_MESSAGES,
  REPLY_RATING,
  REVIEWS_SHOWN,
  summarize,
  validateFeedback,
  type FeedbackErrors,
  type FeedbackItem,
  type ProductFeedback,
  type Review,
} from "./feedback";

const Row = z.object({
  id: col.int,
  parent_id: col.int.nullable(),
  comment: col.text,
  rating: col.int,
  created_at: col.date,
  user_id: col.text,
  username: col.text.nullable(),
  avatar_url: col.text.nullable(),
  career: col.text.nullable(),
});
type Row = z.output<typeof Row>;

/**
 * Public means not hidden by an admin and written by a user who is not suspended (decision 046);
 * product_stats.comments counts the same rows (migration 0019's triggers).
 */
export const visibleFeedback = sql`f.hidden_at is null and not exists (select 1 from "user" su where su.id = f.user_id and su.suspended_at is not null)`;

const columns = sql`f.id, f.parent_id, f.comment, f.rating, f.created_at, f.user_id, pr.username, pr.avatar_url, pr.career`;

function toItem(row: Row): FeedbackItem {
  return {
    id: row.id,
    comment: row.comment,
    rating: row.rating,
    created_at: row.created_at.toISOString(),
    author: { id: row.user_id, username: row.username, avatar_url: row.avatar_url, career: row.career },
  };
}

/**
 * The reviews a product page shows, cached until a review, reply, moderation or author's profile
 * change invalidates them on any instance; `now` (for "2 days ago") is always this moment's.
 */
export async function publicProductFeedback(product: { id: number; slug: string }): Promise<ProductFeedback> {
  const feedback = await cachedRead({
    key: `feedback:${product.slug}`,
    tags: [productTag(product.slug)],
    tagsOf: ({ reviews }) => reviews.flatMap((review) => [review, ...review.replies]).map((item) => profileTag(item.author.id)),
    load: () => productFeedback(product.id),
  });
  return { ...feedback, now: Date.now() };
}

/** A product's reviews (newest first) with their replies (oldest first), and the review summary. */
export async function productFeedback(productId: number, limit = REVIEWS_SHOWN): Promise<ProductFeedback> {
  const db = getDb();
  const countRows = await selectRows(
    db,
    z.object({ rating: col.int, n: col.int }),
    sql`select f.rating, count(*)::int as n from product_feedback f
        where f.product_id = ${productId} and f.parent_id is null and ${visibleFeedback} group by f.rating`,
  );
  // Most products have no reviews yet: their page needs only the (empty) summary.
  const reviewRows = countRows.length
    ? await selectRows(
        db,
        Row,
        sql`select ${columns} from product_feedback f left join profiles pr on pr.id = f.user_id
            where f.product_id = ${productId} and f.parent_id is null and ${visibleFeedback}
            order by f.created_at desc, f.id desc limit ${limit}`,
      )
    : [];
  const reviewIds = reviewRows.map((r) => r.id);
  const replyRows = reviewIds.length
    ? await selectRows(
        db,
        Row,
        sql`select ${columns} from product_feedback f left join profiles pr on pr.id = f.user_id
            where f.parent_id = any(${intArray(reviewIds)}) and ${visibleFeedback}
            order by f.created_at, f.id`,
      )
    : [];
  const replies = new Map<number, FeedbackItem[]>();
  for (const row of replyRows) {
    const parent = row.parent_id!;
    const list = replies.get(parent) ?? [];
    list.push(toItem(row));
    replies.set(parent, list);
  }
  const reviews: Review[] = reviewRows.map((row) => ({ ...toItem(row), replies: replies.get(row.id) ?? [] }));
  const counts: Record<number, number> = {};
  for (const { rating, n } of countRows) counts[rating] = n;
  return { summary: summarize(counts), reviews, now: Date.now() };
}

export type AddFeedbackResult =
  | { ok: true; feedback: FeedbackItem & { parent_id: number | null } }
  | { ok: false; status: 400 | 404; message: string; fields?: FeedbackErrors };

/**
 * Adds a review (parentId null: rating 1-5 required) or a reply (to a review of the same
 * product; stored with rating 5). The comment is stored as typed (NUL characters, which the
 * database cannot hold, removed) and rendered as text. Added in one statement (app/domain/reviews).
 */
export async function addFeedback(input: {
  productId: number;
  userId: string;
  comment: string;
  rating: number;
  parentId: number | null;
}): Promise<AddFeedbackResult> {
  const isReply = input.parentId !== null;
  const comment = input.comment.replaceAll("\u0000", "");
  const fields = validateFeedback({ comment, rating: input.rating, isReply });
  const message = fields.rating ?? fields.comment;
  if (message) return { ok: false, status: 400, message, fields };
  const rating = isReply ? REPLY_RATING : input.rating;
  const db = getDb();
  const id = await insertFeedback(db, { productId: input.productId, userId: input.userId, comment, rating, parentId: input.parentId });
  const row = id === undefined ? undefined : await selectRow(db, Row, sql`select ${columns} from product_feedback f left join profiles pr on pr.id = f.user_id where f.id = ${id}`);
  if (row) {
    await invalidateProductPage(input.productId);
    return { ok: true, feedback: { ...toItem(row), parent_id: row.parent_id } };
  }
  const product = await selectRow(db, z.object({ id: col.int }), sql`select p.id from products p where p.id = ${input.productId} and ${publicProductFilter}`);
  return product
    ? { ok: false, status: 404, message: FEEDBACK_MESSAGES.reviewNotFound }
    : { ok: false, status: 404, message: FEEDBACK_MESSAGES.productNotFound };
}

/** The product's page shows its reviews: every instance drops its cached copy. */
async function invalidateProductPage(productId: number) {
  const product = await selectRow(getDb(), z.object({ slug: col.text }), sql`select slug from products where id = ${productId}`);
  if (product) await invalidate([productTag(product.slug)]);
}

/** Writes per signed-in user and per address, counted in the shared database. */
export const FEEDBACK_RATE_LIMITS = {
  userBurst: { limit: 10, windowSeconds: 60 },
  userDaily: { limit: 100, windowSeconds: 86_400 },
  ip: { limit: 30, windowSeconds: 600 },
} satisfies Record<string, RateLimitRule>;

const MAX_BODY_BYTES = 64 * 1024;

const bodySchema = z.object({
  comment: z.string().max(MAX_BODY_BYTES).default(""),
  rating: z.coerce.number().catch(0).default(0),
  parentId: z
    .union([z.literal(""), z.null(), z.coerce.number().int().positive().max(2_147_483_647)])
    .optional()
    .transform((value) => (typeof value === "number" ? value : null)),
});

function errorResponse(status: number, message: string, fields?: FeedbackErrors) {
  return jsonError(message, status, fields ? { fields } : undefined);
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) return request.json();
  const form = await request.formData();
  return Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
}

/** POST /api/v1/products/{id}/feedback: a review or a reply from the signed-in user. */
export async function feedbackAction(request: Request, productIdParam: string | undefined) {
  if (request.method !== "POST") return errorResponse(405, "Method not allowed");
  assertSameOrigin(request);
  const productId = parseProductId(productIdParam);
  if (!productId) return errorResponse(400, FEEDBACK_MESSAGES.invalidProduct);
  const user = await getOptionalUser(request);
  if (!user) return errorResponse(401, FEEDBACK_MESSAGES.signIn);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return errorResponse(413, FEEDBACK_MESSAGES.tooLong);

  const limited = await consumeAll([
    { key: `feedback:user:${user.id}`, rule: FEEDBACK_RATE_LIMITS.userBurst },
    { key: `feedback:user-day:${user.id}`, rule: FEEDBACK_RATE_LIMITS.userDaily },
    { key: `feedback:ip:${clientIp(request)}`, rule: FEEDBACK_RATE_LIMITS.ip },
  ]);
  if (!limited.ok) return rateLimitedJson(limited);

  let raw: unknown;
  try {
    raw = await readBody(request);
  } catch {
    return errorResponse(400, "The request body could not be read.");
  }
  const parsed = bodySchema.safeParse(raw);
  if (!parsed.success) {
    const tooLong = parsed.error.issues.some((issue) => issue.path[0] === "comment" && issue.code === "too_big");
    return errorResponse(400, tooLong ? FEEDBACK_MESSAGES.tooLong : "The request is not valid.");
  }
  const result = await addFeedback({ productId, userId: user.id, ...parsed.data });
  if (!result.ok) return errorResponse(result.status, result.message, result.fields);
  return Response.json({ feedback: result.feedback }, { status: 201, headers: { "Cache-Control": "no-store" } });
}
