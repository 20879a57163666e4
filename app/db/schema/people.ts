/** People: profiles of signed-in users, Admin Portal administrators, and the makers of products. */
import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { niches, products } from "./catalog";
import { createdAt, requiredRef, timestamps } from "./columns";

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
    /** "Skip for now" on onboarding: the sign-in no longer offers it (decision 049). */
    onboarding_skipped_at: timestamp("onboarding_skipped_at", { withTimezone: true }),
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

export const product_makers = pgTable(
  "product_makers",
  {
    product_id: requiredRef("product_id", () => products.id),
    profile_id: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** Claims stay pending until verified (e-mail domain match or an admin). */
    status: text("status").notNull().default("verified"),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.product_id, t.profile_id] }),
    check("product_makers_status_check", sql`status in ('pending', 'verified')`),
  ],
);
