/**
 * Suspended users (decision 044): `user.suspended_at` set by an admin on Manage Users. They can
 * never get a session (Better Auth's session.create.before hook in auth.server.ts) nor keep one
 * (session.server.ts treats theirs as none); suspending deletes their sessions.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { getDb } from "~/db/registry.server";
import { user } from "~/db/schema";

export { SUSPENDED_CODE, SUSPENDED_MESSAGE } from "./suspension";

export async function isSuspended(userId: string): Promise<boolean> {
  const rows = await getDb()
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, userId), isNotNull(user.suspendedAt)));
  return rows.length > 0;
}
