/**
 * The supply side: makers' claims on existing products, and edits of live products kept as
 * revisions until an admin approves them (the public page keeps the approved version meanwhile).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { products } from "./catalog";

/** A user's claim to be a maker of a product: pending until verified (e-mail domain) or decided by an admin. */
export const product_claims = pgTable(
  "product_claims",
  {
    id: serial("id").primaryKey(),
    product_id: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    /** How a verified claim was verified: `email_domain` (automatic) or `admin`. */
    verified_by: text("verified_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decided_at: timestamp("decided_at", { withTimezone: true }),
    decided_by: text("decided_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("product_claims_product_user_idx").on(t.product_id, t.user_id),
    index("product_claims_pending_idx").on(t.created_at).where(sql`status = 'pending'`),
    check("product_claims_status", sql`status in ('pending', 'verified', 'rejected')`),
  ],
);

/** A maker's change to a live product, waiting for review; `changes` holds only the edited fields. */
export const product_revisions = pgTable(
  "product_revisions",
  {
    id: serial("id").primaryKey(),
    product_id: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    user_id: text("user_id").references(() => user.id, { onDelete: "set null" }),
    changes: jsonb("changes").notNull(),
    status: text("status").notNull().default("pending"),
    reason: text("reason"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decided_at: timestamp("decided_at", { withTimezone: true }),
    decided_by: text("decided_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    // One pending revision per product: a maker's next edit updates it.
    uniqueIndex("product_revisions_one_pending_idx").on(t.product_id).where(sql`status = 'pending'`),
    check("product_revisions_status", sql`status in ('pending', 'approved', 'rejected')`),
  ],
);
