/**
 * What visitors do with products: upvotes, saves (bookmarks), reviews (feedback), click-outs and
 * page views, and the counts the public sees.
 */
import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigserial, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { products } from "./catalog";
import { createdAt, mentionedUserId, requiredRef, ownerUserId } from "./columns";

/**
 * Counts the public sees, kept by triggers on the rows they count (see migrations): a narrow
 * table so that a toggle does not rewrite the wide, heavily indexed products row.
 */
export const product_stats = pgTable(
  "product_stats",
  {
    product_id: integer("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    upvotes: integer("upvotes").notNull().default(0),
    bookmarks: integer("bookmarks").notNull().default(0),
    comments: integer("comments").notNull().default(0),
  },
  (t) => [
    index("product_stats_upvotes_idx").on(t.upvotes.desc(), t.product_id),
    check("product_stats_non_negative", sql`upvotes >= 0 and bookmarks >= 0 and comments >= 0`),
  ],
);

export const product_upvotes = pgTable(
  "product_upvotes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    product_id: requiredRef("product_id", () => products.id),
    user_id: ownerUserId(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("product_upvotes_product_user_idx").on(t.product_id, t.user_id),
    index("product_upvotes_user_idx").on(t.user_id, t.created_at.desc()),
  ],
);

export const bookmarks = pgTable(
  "bookmarks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    user_id: ownerUserId(),
    product_id: requiredRef("product_id", () => products.id),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("bookmarks_user_product_idx").on(t.user_id, t.product_id),
    index("bookmarks_product_idx").on(t.product_id),
  ],
);

export const product_clicks = pgTable(
  "product_clicks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    product_id: requiredRef("product_id", () => products.id),
    referrer: text("referrer"),
    user_agent: text("user_agent"),
    user_id: mentionedUserId("user_id"),
    /** A keyed hash of the visitor for the day (see product_views): counts distinct users, identifies nobody. */
    visitor_hash: text("visitor_hash"),
    created_at: createdAt(),
  },
  (t) => [index("product_clicks_product_idx").on(t.product_id, t.created_at)],
);

/**
 * Product page views, one row per product, day and visitor. The visitor is a keyed hash of the
 * signed-in user or of the address and browser for that day only; nothing else is kept.
 */
export const product_views = pgTable(
  "product_views",
  {
    product_id: requiredRef("product_id", () => products.id),
    day: date("day", { mode: "string" }).notNull(),
    visitor_hash: text("visitor_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.product_id, t.day, t.visitor_hash] })],
);

export const product_feedback = pgTable(
  "product_feedback",
  {
    id: serial("id").primaryKey(),
    product_id: requiredRef("product_id", () => products.id),
    user_id: ownerUserId(),
    comment: text("comment").notNull(),
    rating: integer("rating").notNull(),
    parent_id: integer("parent_id").references((): AnyPgColumn => product_feedback.id, { onDelete: "cascade" }),
    /** Hidden by an admin (Feedback Reports) as abusive: kept for the record, never shown or counted. */
    hidden_at: timestamp("hidden_at", { withTimezone: true }),
    created_at: createdAt(),
    /** Copies kept by triggers (migration 0033) for Feedback Reports: the export's product and author (username, else name). */
    product_name: text("product_name"),
    author_name: text("author_name"),
    /** The author's username, name and e-mail, lower case, apart by chr(1): what the search's author branch matches. */
    author_search: text("author_search"),
  },
  (t) => [
    check("product_feedback_rating_check", sql`rating between 1 and 5`),
    check("product_feedback_comment_not_blank", sql`length(btrim(comment)) > 0`),
    index("product_feedback_product_idx").on(t.product_id, t.created_at.desc()),
    index("product_feedback_parent_idx").on(t.parent_id),
    index("product_feedback_user_idx").on(t.user_id, t.created_at.desc()),
  ],
);
