/**
 * The moderation queue's tables (app/features/moderation): makers' claims on existing products,
 * and edits of live products kept as revisions until an admin approves them (the public page
 * keeps the approved version meanwhile). Submissions and suggestions wait in `products` itself
 * (status pending).
 */
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { products } from "./catalog";
import { createdAt, decision, mentionedUserId, requiredRef, ownerUserId } from "./columns";

/** A user's claim to be a maker of a product: pending until verified (e-mail domain) or decided by an admin. */
export const product_claims = pgTable(
  "product_claims",
  {
    id: serial("id").primaryKey(),
    product_id: requiredRef("product_id", () => products.id),
    user_id: ownerUserId(),
    status: text("status").notNull().default("pending"),
    /** How a verified claim was verified: `email_domain` (automatic) or `admin`. */
    verified_by: text("verified_by"),
    created_at: createdAt(),
    ...decision(),
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
    product_id: requiredRef("product_id", () => products.id),
    user_id: mentionedUserId("user_id"),
    changes: jsonb("changes").notNull(),
    status: text("status").notNull().default("pending"),
    reason: text("reason"),
    created_at: createdAt(),
    ...decision(),
  },
  (t) => [
    // One pending revision per product: a maker's next edit updates it.
    uniqueIndex("product_revisions_one_pending_idx").on(t.product_id).where(sql`status = 'pending'`),
    check("product_revisions_status", sql`status in ('pending', 'approved', 'rejected')`),
  ],
);
