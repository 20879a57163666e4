/**
 * Suspended users (decision 044): `user.suspended_at` set by an admin on Manage Users. They can
 * never get a session (Better Auth's session.create.before hook in auth.server.ts) nor keep one
 * (session.server.ts treats theirs as none); suspending deletes their sessions.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "~/db/client.server";
import { getDb } from "~/db/registry.server";

export { SUSPENDED_CODE, SUSPENDED_MESSAGE } from "./suspension";

export async function isSuspended(userId: string): Promise<boolean> {
  const rows = await queryRows(getDb(), sql`select 1 from "user" where id = ${userId} and suspended_at is not null`);
  return rows.length > 0;
}
