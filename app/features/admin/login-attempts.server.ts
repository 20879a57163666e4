/**
 * Admin Portal lockout, kept in `login_attempts` so every app instance sharing the database
 * shares it: five failed attempts within 15 minutes for an e-mail address or for a client address
 * refuse the next ones until the oldest of them leaves the window.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
import { LOGIN_ATTEMPT_LIMIT, LOGIN_ATTEMPT_WINDOW_MINUTES } from "./messages";

export type AttemptStart = { blocked: true } | { blocked: false; id: number };

/**
 * Records an attempt as failed before the password is tried (so concurrent attempts count each
 * other), then counts the failures before it. A refused attempt is not kept: it tried nothing.
 */
export async function beginAttempt(email: string, ip: string, db: Database = getDb()): Promise<AttemptStart> {
  const address = email.trim().toLowerCase();
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into login_attempts (email, ip, succeeded) values (${address}, ${ip}, false) returning id`,
  );
  const id = Number(row!.id);
  const [counted] = await queryRows<{ failures: number }>(
    db,
    sql`select count(*)::int as failures from login_attempts
        where not succeeded and id < ${id}
          and created_at > now() - make_interval(mins => ${LOGIN_ATTEMPT_WINDOW_MINUTES})
          and (email = ${address} or ip = ${ip})`,
  );
  if (counted!.failures >= LOGIN_ATTEMPT_LIMIT) {
    await db.execute(sql`delete from login_attempts where id = ${id}`);
    return { blocked: true };
  }
  if (Math.random() < 0.01) void sweep(db);
  return { blocked: false, id };
}

export async function markSucceeded(id: number, db: Database = getDb()): Promise<void> {
  await db.execute(sql`update login_attempts set succeeded = true where id = ${id}`);
}

async function sweep(db: Database) {
  try {
    await db.execute(sql`delete from login_attempts where created_at < now() - interval '1 day'`);
  } catch {
    // Best effort: a later attempt sweeps again.
  }
}
