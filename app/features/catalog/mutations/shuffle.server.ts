import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { publicProductFilter } from "~/domain/public-product.server";

export interface ShuffleDay {
  day: string;
  /** Products created since this instant are not in the day's ranks: they are listed first. */
  freshSince: Date;
}

export function utcDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function startOfUtcDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/**
 * Builds the day's random order of live products, unless it exists or another process is
 * building it. One transaction: readers see the whole day or none of it.
 */
export async function buildShuffleDay(db: Database, day = utcDay()): Promise<boolean> {
  const built = await db.transaction(async (tx) => {
    // Waits for another instance's build rather than skipping it: a first start must find an order.
    await tx.execute(sql`select pg_advisory_xact_lock(7243019)`);
    const exists = await selectRow(tx, z.object({ n: col.int }), sql`select count(*)::int as n from shuffle_days where day = ${day}`);
    if (exists!.n > 0) return false;
    await tx.execute(sql`
      insert into product_daily_ranks (day, rank, product_id)
      select ${day}, row_number() over (order by md5(p.id::text || ${day}), p.id), p.id
      from products p where ${publicProductFilter}`);
    await tx.execute(sql`
      insert into shuffle_days (day, products)
      values (${day}, (select count(*) from product_daily_ranks where day = ${day}))`);
    // Keep yesterday's order for cursors handed out just before midnight.
    await tx.execute(sql`delete from product_daily_ranks where day < ${utcDay(new Date(startOfUtcDay(day).getTime() - 86_400_000))}`);
    // By day, not by "has ranks": an empty catalogue still has today's (empty) order.
    await tx.execute(sql`delete from shuffle_days where day < ${utcDay(new Date(startOfUtcDay(day).getTime() - 86_400_000))}`);
    return true;
  });
  // Fresh statistics once a day: the embedded database has no autovacuum to keep them current,
  // and plans over the new day's ranks depend on them.
  if (built) await db.execute(sql`analyze`);
  return built;
}

let cached: { value: ShuffleDay; checkedAt: number; building?: Promise<unknown> } | undefined;
const RECHECK_MS = 30_000;

async function newestDay(db: Database): Promise<ShuffleDay | undefined> {
  const row = await selectRow(
    db,
    z.object({ day: col.text, built_at: col.date }),
    sql`select day, built_at from shuffle_days order by day desc limit 1`,
  );
  if (!row) return undefined;
  const builtAt = row.built_at;
  const dayStart = startOfUtcDay(row.day);
  const today = startOfUtcDay(utcDay());
  // Products created after the build and before "today" would otherwise fall between the two groups.
  const freshSince = new Date(Math.min(today.getTime(), Math.max(dayStart.getTime(), builtAt.getTime())));
  return { day: row.day, freshSince: row.day === utcDay() ? dayStart : freshSince };
}

/**
 * The order lists use now. Today's is built when missing: synchronously when there is no order at
 * all, in the background otherwise (lists keep yesterday's order for the few seconds it takes).
 */
export async function currentShuffleDay(db: Database): Promise<ShuffleDay> {
  const now = Date.now();
  if (cached && now - cached.checkedAt < RECHECK_MS && cached.value.day === utcDay()) return cached.value;

  let value = await newestDay(db);
  if (!value) {
    await buildShuffleDay(db);
    value = await newestDay(db);
    if (!value) throw new Error("No list order could be built.");
  } else if (value.day !== utcDay() && !cached?.building) {
    const building = buildShuffleDay(db).catch(() => false);
    cached = { value, checkedAt: now, building };
    void building.finally(() => {
      const state = cached;
      if (state) Object.assign(state, { building: undefined, checkedAt: 0 });
    });
    return value;
  }
  cached = { value, checkedAt: now, building: cached?.building };
  return value;
}

/** Forget the cached order (tests, and after a rebuild). */
export function resetShuffleCache() {
  cached = undefined;
}
