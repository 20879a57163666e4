/**
 * Product logos copied into our storage (decision 050): one row per product whose logo_url named
 * another site, so every instance agrees on who fetches it, when to try again, and when to stop.
 */
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { products } from "./catalog";
import { requiredRef } from "./columns";

export const product_logo_fetches = pgTable(
  "product_logo_fetches",
  {
    product_id: requiredRef("product_id", () => products.id).primaryKey(),
    /** The outside logo_url this row is about; a different logo_url starts over. */
    source_url: text("source_url").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** Not before this time: a lease while one instance fetches, then the back-off after a failure. */
    next_attempt_at: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    last_error: text("last_error"),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("product_logo_fetches_due_idx").on(t.next_attempt_at)],
);
