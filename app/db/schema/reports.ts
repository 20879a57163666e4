import { sql } from "drizzle-orm";
import { check, index, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, decision, inList, ownerUserId, requiredRef } from "./columns";
import { REPORT_OUTCOMES, REPORT_REASONS } from "../../lib/constants";
import { products } from "./catalog";


/**
 * A member's report of a listing (issue 38): open until an admin resolves every open report of
 * the product at once, with an outcome and a reason the reporter is e-mailed.
 */
export const listing_reports = pgTable(
  "listing_reports",
  {
    id: serial("id").primaryKey(),
    product_id: requiredRef("product_id", () => products.id),
    user_id: ownerUserId(),
    reason: text("reason").notNull(),
    note: text("note").notNull().default(""),
    /** Null while open. */
    outcome: text("outcome"),
    resolution: text("resolution"),
    created_at: createdAt(),
    ...decision(),
  },
  (t) => [
    // One open report per member and product: a second one says it is already with the admins.
    uniqueIndex("listing_reports_one_open_idx").on(t.product_id, t.user_id).where(sql`outcome is null`),
    index("listing_reports_open_idx").on(t.product_id, t.created_at).where(sql`outcome is null`),
    check("listing_reports_reason", inList("reason", REPORT_REASONS)),
    check("listing_reports_outcome", sql`outcome is null or ${inList("outcome", REPORT_OUTCOMES)}`),
    check("listing_reports_note_length", sql`length(note) <= 1000`),
  ],
);
