/**
 * Fixed-window rate limits kept in the database (`rate_limits`), so that every app instance
 * sharing the database shares the counts. One upsert per key and request.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { getDb } from "~/db/registry.server";

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

export const RATE_LIMIT_MESSAGE = "You're doing that too often. Please wait a moment and try again.";

async function sweep(db: Database) {
  try {
    await queryRows(db, sql`delete from rate_limits where window_start < now() - interval '1 day'`);
  } catch {
    // Best effort: a later request sweeps again.
  }
}
