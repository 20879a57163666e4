/** Column helpers shared by the schema's domain files (not tables: index.ts does not re-export them). */
import { sql } from "drizzle-orm";
import { type AnyPgColumn, customType, integer, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** A `created_at` set by the database (each call is a new column: Drizzle binds a column to its table). */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const timestamps = {
  created_at: createdAt(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** A required integer key to `target`; the row goes when the row it points at does. */
export const requiredRef = (name: string, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: "cascade" });

/** The user a row belongs to (an upvote, a review, a claim): deleted with the user. */
export const ownerUserId = (name = "user_id") => text(name).notNull().references(() => user.id, { onDelete: "cascade" });

/** A user a row only mentions (who submitted, who decided): the row stays, the key is unset, when the user goes. */
export const mentionedUserId = (name: string) => text(name).references(() => user.id, { onDelete: "set null" });

/** When and by whom an admin decided on a pending row (a claim, a revision). */
export const decision = () => ({
  decided_at: timestamp("decided_at", { withTimezone: true }),
  decided_by: mentionedUserId("decided_by"),
});

/** A CHECK that a text column holds one of the given values (constraints take literals, not parameters). */
export const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);
