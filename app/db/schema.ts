/**
 * The whole product's schema: the spec's entities with its field names as column names
 * (`product_directory` is `products`), Better Auth's tables, and what new features need.
 * Custom SQL that Drizzle cannot express (extensions, the IMMUTABLE helper used by the search
 * vector, triggers keeping counts) lives in hand-written migrations under ./migrations.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { PRICINGS, PRODUCT_STATUSES, PRODUCT_TYPES, PUBLISH_STATUSES } from "../lib/constants";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};


const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

/* ---------------------------------------------------------------- Better Auth */

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** Better Auth's rate-limit counters (rateLimit.storage "database"), shared by every instance. */
export const auth_rate_limit = pgTable("auth_rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** Fixed-window counters shared by every app instance (sign-in attempts, write rate limits). */
export const rate_limits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  window_start: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
});

/* ------------------------------------------------------------------- Taxonomy */

export const niches = pgTable(
  "niches",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description"),
    status: text("status").notNull().default("published"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("niches_name_lower_idx").on(sql`lower(${t.name})`),
    check("niches_status_check", inList("status", PUBLISH_STATUSES)),
  ],
);

export const subcategories = pgTable(
  "subcategories",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    status: text("status").notNull().default("published"),
    parent_id: integer("parent_id").references((): any => subcategories.id, { onDelete: "set null" }),
    is_parent: boolean("is_parent").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("subcategories_parent_idx").on(t.parent_id),
    check("subcategories_status_check", inList("status", PUBLISH_STATUSES)),
    check("subcategories_not_own_parent", sql`${t.parent_id} is null or ${t.parent_id} <> ${t.id}`),
  ],
);

export const niche_subcategories = pgTable(
  "niche_subcategories",
  {
    niche_id: integer("niche_id")
      .notNull()
      .references(() => niches.id, { onDelete: "cascade" }),
    subcategory_id: integer("subcategory_id")
      .notNull()
      .references(() => subcategories.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.niche_id, t.subcategory_id] }),
    index("niche_subcategories_sub_idx").on(t.subcategory_id),
  ],
);

/* ------------------------------------------------------------------- Products */

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    product_name: text("product_name").notNull(),
    headline: text("headline"),
    tagline: text("tagline"),
    description: text("description"),
    website_url: text("website_url"),
    /** Host of website_url without `www.`, for duplicate detection. */
    website_domain: text("website_domain").generatedAlwaysAs(
      sql`lower(substring(website_url from '^[A-Za-z][A-Za-z0-9+.-]*://(?:www\\.)?([^/:?#]+)'))`,
    ),
    logo_url: text("logo_url"),
    video_url: text("video_url"),
    pricing: text("pricing").notNull().default("free"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    slug: text("slug").notNull().unique(),
    status: text("status").notNull().default("pending"),
    type: text("type").notNull().default("product"),
    category: text("category"),
    other_niches: text("other_niches"),
    is_advertised: boolean("is_advertised").notNull().default(false),
    ad_start_date: timestamp("ad_start_date", { withTimezone: true }),
    ad_end_date: timestamp("ad_end_date", { withTimezone: true }),
    has_coupon: boolean("has_coupon").notNull().default(false),
    coupon_text: text("coupon_text"),
    coupon_code: text("coupon_code"),
    coupon_url: text("coupon_url"),
    coupon_expiry_date: timestamp("coupon_expiry_date", { withTimezone: true }),
    maker_comment: text("maker_comment"),
    submitter_id: text("submitter_id").references(() => user.id, { onDelete: "set null" }),
    submitter_name: text("submitter_name"),
    submitter_email: text("submitter_email"),
    ...timestamps,
    search_vector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(product_name, '')), 'A') || setweight(to_tsvector('english', coalesce(tagline, '') || ' ' || toolnest_tags_text(tags)), 'B') || setweight(to_tsvector('english', coalesce(headline, '') || ' ' || left(coalesce(description, ''), 4000)), 'C')`,
    ),
  },
  (t) => [
    check("products_status_check", inList("status", PRODUCT_STATUSES)),
    check("products_type_check", inList("type", PRODUCT_TYPES)),
    check("products_pricing_check", inList("pricing", PRICINGS)),
    check("products_name_not_blank", sql`length(btrim(product_name)) > 0`),
    check("products_tags_max", sql`coalesce(array_length(tags, 1), 0) <= 10`),
    index("products_public_created_idx")
      .on(t.created_at.desc(), t.id.desc())
      .where(sql`status = 'live' and type = 'product'`),
    index("products_status_type_idx").on(t.status, t.type, t.created_at.desc()),
    index("products_submitter_idx").on(t.submitter_id),
    index("products_name_lower_idx").on(sql`lower(${t.product_name})`),
    index("products_domain_idx").on(t.website_domain),
    index("products_tags_idx").using("gin", t.tags),
    index("products_search_idx").using("gin", t.search_vector),
    index("products_name_trgm_idx").using("gin", sql`lower(${t.product_name}) gin_trgm_ops`),
    index("products_advertised_idx").on(t.is_advertised).where(sql`is_advertised`),
  ],
);

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

export const product_niches = pgTable(
  "product_niches",
  {
    product_id: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    niche_id: integer("niche_id")
      .notNull()
      .references(() => niches.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.product_id, t.niche_id] }), index("product_niches_niche_idx").on(t.niche_id)],
);

export const product_subcategories = pgTable(
  "product_subcategories",
  {
    product_id: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    subcategory_id: integer("subcategory_id")
      .notNull()
      .references(() => subcategories.id, { onDelete: "cascade" }),
    /** The product's first niche, as the spec's `category_id`. */
    category_id: integer("category_id").references(() => niches.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.product_id, t.subcategory_id] }),
    index("product_subcategories_sub_idx").on(t.subcategory_id),
  ],
);

export const product_upvotes = pgTable(
  "product_upvotes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    product_id: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
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
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    product_id: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
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
    product_id: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    referrer: text("referrer"),
    user_agent: text("user_agent"),
    user_id: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** A keyed hash of the visitor for the day (see product_views): counts distinct users, identifies nobody. */
    visitor_hash: text("visitor_hash"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
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
    product_id: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    visitor_hash: text("visitor_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.product_id, t.day, t.visitor_hash] })],
);

export const product_feedback = pgTable(
  "product_feedback",
  {
    id: serial("id").primaryKey(),
    product_id: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    comment: text("comment").notNull(),
    rating: integer("rating").notNull(),
    parent_id: integer("parent_id").references((): any => product_feedback.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("product_feedback_rating_check", sql`rating between 1 and 5`),
    check("product_feedback_comment_not_blank", sql`length(btrim(comment)) > 0`),
    index("product_feedback_product_idx").on(t.product_id, t.created_at.desc()),
    index("product_feedback_parent_idx").on(t.parent_id),
    index("product_feedback_user_idx").on(t.user_id, t.created_at.desc()),
  ],
);

export const product_makers = pgTable(
  "product_makers",
  {
    product_id: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    profile_id: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** Claims stay pending until verified (e-mail domain match or an admin). */
    status: text("status").notNull().default("verified"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.product_id, t.profile_id] }),
    check("product_makers_status_check", sql`status in ('pending', 'verified')`),
  ],
);

/* ------------------------------------------------------------------- People */

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    username: text("username"),
    email: text("email"),
    avatar_url: text("avatar_url"),
    career: text("career"),
    primary_niche_id: integer("primary_niche_id").references(() => niches.id, { onDelete: "set null" }),
    loved_niche_ids: integer("loved_niche_ids").array().notNull().default(sql`'{}'::integer[]`),
    last_active_at: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("profiles_username_lower_idx").on(sql`lower(${t.username})`),
    check("profiles_username_length", sql`username is null or char_length(username) between 3 and 50`),
    check("profiles_loved_niches_max", sql`coalesce(array_length(loved_niche_ids, 1), 0) <= 5`),
  ],
);

export const admin_users = pgTable(
  "admin_users",
  {
    email: text("email").primaryKey(),
    ...timestamps,
  },
  () => [check("admin_users_email_lower", sql`email = lower(email)`)],
);

/**
 * Admin Portal sign-in attempts (shared by every app instance through the database): failures
 * within 15 minutes per e-mail and client address pair and per client address refuse further
 * attempts; failures against one e-mail from many addresses slow it down (decision 024).
 */
export const login_attempts = pgTable(
  "login_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    /** failed (also while the password is being checked), succeeded, or refused (not tried: too many failures). */
    outcome: text("outcome").notNull().default("failed"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("login_attempts_email_idx").on(t.email, t.created_at),
    index("login_attempts_ip_idx").on(t.ip, t.created_at),
    check("login_attempts_outcome_check", sql`outcome in ('failed', 'succeeded', 'refused')`),
  ],
);

/** Secrets generated once per installation and shared by every instance (the auth secret without AUTH_SECRET). */
export const app_secrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const ai_workshop_settings = pgTable(
  "ai_workshop_settings",
  {
    id: serial("id").primaryKey(),
    content_format: text("content_format").notNull().default("plain"),
    provider: text("provider").notNull().default("none"),
    /** Encrypted at rest; never sent back whole. */
    api_key: text("api_key"),
    user_id: text("user_id").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  () => [
    check("ai_settings_provider_check", sql`provider in ('none', 'openai', 'anthropic', 'google')`),
    check("ai_settings_format_check", sql`content_format in ('plain', 'html')`),
  ],
);

/* ------------------------------------------------------------- Daily shuffle */

/**
 * The order of the public lists for one day: a random permutation of the live products, built
 * once a day and addressed by rank so that any page of a list costs the same. A day's rows and its
 * `shuffle_days` row are written in one transaction; readers use the newest complete day.
 */
export const shuffle_days = pgTable("shuffle_days", {
  day: text("day").primaryKey(),
  built_at: timestamp("built_at", { withTimezone: true }).notNull().defaultNow(),
  products: integer("products").notNull(),
});

export const product_daily_ranks = pgTable(
  "product_daily_ranks",
  {
    day: text("day").notNull(),
    rank: integer("rank").notNull(),
    /** No foreign key: a removed product simply no longer joins, and the daily build stays cheap. */
    product_id: integer("product_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.rank] })],
);
