/**
 * Typed reads of raw SQL (decision 074): every row a raw query returns is parsed at this one boundary,
 * so no caller casts a row type or calls `Number(row.x)`. Both drivers answer `execute` with `{ rows }`,
 * but they differ in what a column comes back as (PGlite: `Date`, numbers; node-postgres: `bigint` and
 * `numeric` as strings, timestamps as `Date`); the column parsers below accept either and give one type.
 *
 *   const Row = z.object({ id: col.text, total: col.int, createdAt: col.date });
 *   const rows = await selectRows(db, Row, sql`select id, count(*) as total, created_at as "createdAt" ...`);
 */
import type { SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "./common.server";

type Executor = Pick<Database, "execute">;

function toNumber(value: number | bigint | string, context: z.core.$RefinementCtx<number | bigint | string>): number {
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) {
    context.addIssue({ code: "custom", message: `not a finite number: ${String(value)}` });
    return z.NEVER;
  }
  return n;
}

const numeric = z.union([z.number(), z.bigint(), z.string()]).transform(toNumber);

/** Column parsers for raw rows: counts and numerics arrive as strings or bigints on PostgreSQL. */
export const col = {
  text: z.string(),
  bool: z.boolean(),
  /** A count, id or other integer column (`count(*)`, `bigint`, `int`). */
  int: numeric.pipe(z.number().int()),
  /** A `numeric`/`real`/`double precision` column. */
  number: numeric,
  /** A `timestamp(tz)` or `date` column, as a `Date`. */
  date: z.union([z.date(), z.string()]).transform((value, context) => {
    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime())) {
      context.addIssue({ code: "custom", message: `not a date: ${String(value)}` });
      return z.NEVER;
    }
    return date;
  }),
  /** A `text[]` column. */
  texts: z.array(z.string()),
  /** A `json`/`jsonb` column whose shape the caller parses further. */
  json: z.unknown(),
} as const;

/** Thrown when a row does not have the shape its query promises: a bug, so it names the query. */
export class RowShapeError extends Error {
  constructor(query: SQL, issues: string) {
    super(`A database row did not match its schema (${issues}) in: ${describe(query)}`);
    this.name = "RowShapeError";
  }
}

function describe(query: SQL): string {
  const chunks = (query as unknown as { queryChunks?: unknown[] }).queryChunks ?? [];
  const text = chunks
    .map((chunk) => (chunk && typeof chunk === "object" && "value" in chunk ? String((chunk as { value: unknown }).value) : "?"))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

/** Runs `query` and parses each row with `schema`. */
export async function selectRows<S extends z.ZodType>(db: Executor, schema: S, query: SQL): Promise<z.output<S>[]> {
  const result = (await db.execute(query)) as unknown as { rows: unknown[] };
  const rows: z.output<S>[] = new Array(result.rows.length);
  for (let i = 0; i < result.rows.length; i++) {
    const parsed = schema.safeParse(result.rows[i]);
    if (!parsed.success) throw new RowShapeError(query, z.prettifyError(parsed.error).replace(/\n/g, "; "));
    rows[i] = parsed.data;
  }
  return rows;
}

/** The first row of `query`, parsed, or undefined when there is none. */
export async function selectRow<S extends z.ZodType>(db: Executor, schema: S, query: SQL): Promise<z.output<S> | undefined> {
  const [row] = await selectRows(db, schema, query);
  return row;
}
