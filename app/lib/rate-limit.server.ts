/**
 * Fixed-window rate limits kept in the database (`rate_limits`), so that every app instance
 * sharing the database shares the counts. One upsert per key and request, in the database
 * function rate_limit_hit (migration 0009), which the upvote/save toggle calls too.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
import { intArray, textArray } from "~/db/sql-arrays";

/** Set by the server from the connection (or a proxy named by TRUST_PROXY); never taken from the client. */
export const CLIENT_IP_HEADER = "x-toolnest-client-ip";

/**
 * Set by the server to the TCP peer's own address (the socket, never X-Forwarded-For), for the
 * few checks that must know whether a request really comes from this machine (development sign-in).
 */
export const PEER_ADDRESS_HEADER = "x-toolnest-peer-address";

/** Whether the request's TCP peer is on the loopback interface (127.0.0.0/8 or ::1). */
export function fromLoopback(request: Request): boolean {
  const peer = request.headers.get(PEER_ADDRESS_HEADER) ?? "";
  return peer === "::1" || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(peer);
}

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

/** Counts one request against `key` and says whether it is within `rule` (the database's rate_limit_hit). */
export async function consume(key: string, rule: RateLimitRule, db: Database = getDb()): Promise<RateLimitResult> {
  const [row] = await queryRows<{ retry: number }>(
    db,
    sql`select rate_limit_hit(${textArray([key])}, ${intArray([rule.limit])}, ${rule.windowSeconds}) as retry`,
  );
  if (Math.random() < 0.001) void sweep(db);
  const retryAfterSeconds = Number(row!.retry);
  return { ok: retryAfterSeconds === 0, retryAfterSeconds };
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
