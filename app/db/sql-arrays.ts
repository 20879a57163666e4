import { sql, type SQL } from "drizzle-orm";

/**
 * Arrays as one bound parameter (Drizzle would spread a JS array into a list of parameters).
 * Elements are quoted in PostgreSQL's array syntax, so no value can change the array's shape.
 */
export function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
  return sql`${literal}::text[]`;
}

export function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.map((v) => Math.trunc(Number(v)) || 0).join(",")}}`}::int[]`;
}
