/**
 * Fixed-window rate limits kept in the database (`rate_limits`), so that every app instance
 * sharing the database shares the counts. One upsert per key and request, in the database
 * function rate_limit_hit (migration 0009), which the upvote/save toggle calls too.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { intArray, textArray } from "~/db/sql-arrays";
import type { RateLimitResult, RateLimitRule } from "~/lib/http/rate-limit";

/** Counts one request against `key` and says whether it is within `rule` (the database's rate_limit_hit). */
export async function consume(key: string, rule: RateLimitRule, db: Database = getDb()): Promise<RateLimitResult> {
  const row = await selectRow(
    db,
    z.object({ retry: col.int }),
    sql`select rate_limit_hit(${textArray([key])}, ${intArray([rule.limit])}, ${rule.windowSeconds}) as retry`,
  );
  if (Math.random() < 0.001) void sweep(db);
  const retryAfterSeconds = row!.retry;
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

async function sweep(db: Database) {
  try {
    await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
  } catch {
    // Best effort: a later request sweeps again.
  }
}
