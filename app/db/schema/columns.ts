/** Column helpers shared by the schema's domain files (not tables: index.ts does not re-export them). */
import { sql } from "drizzle-orm";
import { customType, timestamp } from "drizzle-orm/pg-core";

export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** A CHECK that a text column holds one of the given values (constraints take literals, not parameters). */
export const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);
