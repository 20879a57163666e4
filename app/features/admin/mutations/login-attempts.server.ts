/**
 * Admin Portal attempt accounting, kept in `login_attempts` so every app instance sharing the
 * database shares it (decision 024). Within 15 minutes:
 * - 5 failures for one e-mail from one client address refuse that pair (the spec's lockout);
 * - 5 failures from one client address, whatever the e-mails, refuse that address (the ruling's
 *   "or for an address"; behind a proxy TRUST_PROXY must name it, or every visitor shares one address);
 * - failures against one e-mail from many addresses never lock its owner out: past 10, each
 *   attempt on that e-mail must wait a delay after the last failure that doubles with every
 *   further failure, up to 30 s (answered with Retry-After, not by holding the request).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { LOGIN_ATTEMPT_LIMIT, LOGIN_ATTEMPT_WINDOW_MINUTES } from "../admin";

/** Failures from one client address, across e-mails, before that address is refused (spec-decisions: 5). */
export const ADDRESS_FAILURE_LIMIT = LOGIN_ATTEMPT_LIMIT;
/** Failures against one e-mail, across addresses, before its attempts are spaced out. */
export const ACCOUNT_SLOWDOWN_AFTER = 10;
export const ACCOUNT_MAX_DELAY_SECONDS = 30;

export type AttemptStart = { blocked: true; retryAfterSeconds: number } | { blocked: false; id: number };

/** Seconds an attempt on an e-mail with `failures` recent failures must wait after the latest one. */
export function accountDelaySeconds(failures: number): number {
  if (failures < ACCOUNT_SLOWDOWN_AFTER) return 0;
  return Math.min(2 ** (failures - ACCOUNT_SLOWDOWN_AFTER), ACCOUNT_MAX_DELAY_SECONDS);
}

const Counts = z.object({ pair: col.int, address: col.int, account: col.int, latest_account_failure: col.date.nullable() });
type Counts = z.output<typeof Counts>;

/**
 * Records an attempt as failed before the password is tried (so concurrent attempts count each
 * other), then counts the failures before it; a refused attempt is kept as "refused" (it counts
 * toward nothing). `now` is the clock (tests move it instead of sleeping).
 */
export async function beginAttempt(email: string, ip: string, db: Database = getDb(), now = new Date()): Promise<AttemptStart> {
  const address = email.trim().toLowerCase();
  const at = now.toISOString();
  const row = await selectRow(
    db,
    z.object({ id: col.int }),
    sql`insert into login_attempts (email, ip, outcome, created_at) values (${address}, ${ip}, 'failed', ${at}::timestamptz) returning id`,
  );
  const id = row!.id;
  const counts = await selectRow(
    db,
    Counts,
    sql`select count(*) filter (where email = ${address} and ip = ${ip})::int as pair,
               count(*) filter (where ip = ${ip})::int as address,
               count(*) filter (where email = ${address})::int as account,
               max(created_at) filter (where email = ${address}) as latest_account_failure
        from login_attempts
        where outcome = 'failed' and id < ${id} and (email = ${address} or ip = ${ip})
          and created_at > ${at}::timestamptz - make_interval(mins => ${LOGIN_ATTEMPT_WINDOW_MINUTES})`,
  );
  const retryAfterSeconds = refusal(counts!, now);
  if (retryAfterSeconds > 0) {
    await db.execute(sql`update login_attempts set outcome = 'refused' where id = ${id}`);
    return { blocked: true, retryAfterSeconds };
  }
  if (Math.random() < 0.01) void sweep(db);
  return { blocked: false, id };
}

/** Seconds to wait before trying again, or 0 when the attempt may go ahead. */
function refusal(counts: Counts, now: Date): number {
  if (counts.pair >= LOGIN_ATTEMPT_LIMIT || counts.address >= ADDRESS_FAILURE_LIMIT) return LOGIN_ATTEMPT_WINDOW_MINUTES * 60;
  const delay = accountDelaySeconds(counts.account);
  if (delay === 0 || counts.latest_account_failure === null) return 0;
  const waited = (now.getTime() - counts.latest_account_failure.getTime()) / 1000;
  return waited >= delay ? 0 : Math.ceil(delay - waited);
}

export async function markSucceeded(id: number, db: Database = getDb()): Promise<void> {
  await db.execute(sql`update login_attempts set outcome = 'succeeded' where id = ${id}`);
}

async function sweep(db: Database) {
  try {
    await db.execute(sql`delete from login_attempts where created_at < now() - interval '1 day'`);
  } catch {
    // Best effort: a later attempt sweeps again.
  }
}
