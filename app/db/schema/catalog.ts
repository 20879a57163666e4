/**
 * The catalogue: the taxonomy (niches, subcategories), products and their joins, and the daily
 * shuffle that orders the public lists.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { PRICINGS, PRODUCT_STATUSES, PRODUCT_TYPES, PUBLISH_STATUSES } from "../../lib/constants";
import { inList, mentionedUserId, requiredRef, timestamps, tsvector } from "./columns";

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
    parent_id: integer("parent_id").references((): AnyPgColumn => subcategories.id, { onDelete: "set null" }),
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
    niche_id: requiredRef("niche_id", () => niches.id),
    subcategory_id: requiredRef("subcategory_id", () => subcategories.id),
  },
  (t) => [
    primaryKey({ columns: [t.niche_id, t.subcategory_id] }),
    index("niche_subcategories_sub_idx").on(t.subcategory_id),
  ],
);

/**
 * Old slugs of renamed niches and subcategories (decision 045): `/niche/{old}` and
 * `/parent-subcategory/{old}` answer 301 to the row's current slug. `target_id` is a niche id
 * or a subcategory id depending on `kind`; the rows go when their target is deleted.
 */
export const taxonomy_slug_redirects = pgTable(
  "taxonomy_slug_redirects",
  {
    kind: text("kind").notNull(),
    old_slug: text("old_slug").notNull(),
    target_id: integer("target_id").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.old_slug] }),
    index("taxonomy_slug_redirects_target_idx").on(t.kind, t.target_id),
    check("taxonomy_slug_redirects_kind_check", sql`${t.kind} in ('niche', 'subcategory')`),
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
    /** The reason an admin gave when rejecting the submission, shown to the maker on My Products. */
    review_note: text("review_note"),
    submitter_id: mentionedUserId("submitter_id"),
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
 * How many products there are per (type, status, pricing, advertised, coupon), kept by statement
 * triggers on `products` (hand-written migration, with the admin list's covering index): Manage
 * Products' summary counts for filters on these columns never scan the table (decision 037).
 */
export const product_facet_counts = pgTable(
  "product_facet_counts",
  {
    type: text("type").notNull(),
    status: text("status").notNull(),
    pricing: text("pricing").notNull(),
    is_advertised: boolean("is_advertised").notNull(),
    has_coupon: boolean("has_coupon").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.type, t.status, t.pricing, t.is_advertised, t.has_coupon] })],
);

/**
 * How many products each niche (`kind` 'niche', product_niches) and subcategory ('subcategory',
 * product_subcategories) has, kept by statement triggers on those link tables (hand-written in
 * the migration): Manage Niches and Manage Parent Subcategories never count 1M links (decision 045).
 */
export const taxonomy_product_counts = pgTable(
  "taxonomy_product_counts",
  {
    kind: text("kind").notNull(),
    ref_id: integer("ref_id").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.ref_id] })],
);

export const product_niches = pgTable(
  "product_niches",
  {
    product_id: requiredRef("product_id", () => products.id),
    niche_id: requiredRef("niche_id", () => niches.id),
  },
  (t) => [primaryKey({ columns: [t.product_id, t.niche_id] }), index("product_niches_niche_idx").on(t.niche_id)],
);

export const product_subcategories = pgTable(
  "product_subcategories",
  {
    product_id: requiredRef("product_id", () => products.id),
    subcategory_id: requiredRef("subcategory_id", () => subcategories.id),
    /** The product's first niche, as the spec's `category_id`. */
    category_id: integer("category_id").references(() => niches.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ columns: [t.product_id, t.subcategory_id] }),
    index("product_subcategories_sub_idx").on(t.subcategory_id),
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
