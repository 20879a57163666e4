/**
 * Fixed-window rate limits kept in the database (`rate_limits`), so that every app instance
 * sharing the database shares the counts. One upsert per key and request.
 */
import { sql } from "drizzle-orm";
import { data } from "react-router";
import { queryRows, type Database } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
import { textArray } from "~/db/sql-arrays";

/** Set by the server from the connection (or a proxy named by TRUST_PROXY); never taken from the client. */
export const CLIENT_IP_HEADER = "x-toolnest-client-ip";

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  ok: boolean;
  /** Seconds until the window that refused this request ends (0 when allowed). */
  retryAfterSeconds: number;
}

/** Counts one request against `key` and says whether it is within `rule`. */
export async function consume(key: string, rule: RateLimitRule, db: Database = getDb()): Promise<RateLimitResult> {
  const rows = await queryRows<{ count: number; age: number }>(
    db,
    sql`insert into rate_limits (key, count, window_start) values (${key}, 1, now())
        on conflict (key) do update set
          count = case when rate_limits.window_start <= now() - make_interval(secs => ${rule.windowSeconds})
                       then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${rule.windowSeconds})
                              then now() else rate_limits.window_start end
        returning count, extract(epoch from now() - window_start)::float8 as age`,
  );
  const row = rows[0]!;
  if (Math.random() < 0.001) void sweep(db);
  if (row.count <= rule.limit) return { ok: true, retryAfterSeconds: 0 };
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(rule.windowSeconds - Number(row.age))) };
}

/** Checks every key (all are counted); the first refusal wins. */
export async function consumeAll(
  entries: readonly { key: string; rule: RateLimitRule }[],
  db: Database = getDb(),
): Promise<RateLimitResult> {
  let refused: RateLimitResult | null = null;
  for (const { key, rule } of entries) {
    const result = await consume(key, rule, db);
    if (!result.ok && !refused) refused = result;
  }
  return refused ?? { ok: true, retryAfterSeconds: 0 };
}

/**
 * Counts one request against several keys sharing one window length, in a single statement (for
 * hot paths: one round trip instead of one per key). Run inside the caller's transaction, the
 * counts are kept or rolled back with its work. Keys are locked in sorted order, so concurrent
 * callers sharing keys cannot deadlock.
 */
export async function consumeMany(
  entries: readonly { key: string; limit: number }[],
  windowSeconds: number,
  db: Database = getDb(),
): Promise<RateLimitResult> {
  const sorted = [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const rows = await queryRows<{ key: string; count: number; age: number }>(
    db,
    sql`insert into rate_limits as r (key, count, window_start)
        select k, 1, now() from unnest(${textArray(sorted.map((e) => e.key))}) with ordinality as t(k, n) order by n
        on conflict (key) do update set
          count = case when r.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else r.count + 1 end,
          window_start = case when r.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else r.window_start end
        returning r.key, r.count, extract(epoch from now() - r.window_start)::float8 as age`,
  );
  let refused: RateLimitResult | null = null;
  for (const row of rows) {
    const limit = sorted.find((e) => e.key === row.key)!.limit;
    if (row.count > limit && !refused) {
      refused = { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(windowSeconds - Number(row.age))) };
    }
  }
  return refused ?? { ok: true, retryAfterSeconds: 0 };
}

export const RATE_LIMIT_MESSAGE = "You're doing that too often. Please wait a moment and try again.";

/** A 429 with Retry-After, as JSON (`{ error: { message } }`) for API routes and actions alike. */
export function rateLimitedResponse(result: RateLimitResult, message = RATE_LIMIT_MESSAGE) {
  return data(
    { error: { message } },
    { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds), "Cache-Control": "no-store" } },
  );
}

async function sweep(db: Database) {
  try {
    await queryRows(db, sql`delete from rate_limits where window_start < now() - interval '1 day'`);
  } catch {
    // Best effort: a later request sweeps again.
  }
}
