import { sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/db/registry.server";
import { col, selectRow } from "~/db/rows.server";
import { adminCookie } from "./auth";

/**
 * A new administrator, signed in with e-mail and password: the session cookie for requests, and
 * the actor (id and e-mail) that the feature's writes record. Call after `setAuthSettings`.
 */
export async function signedInAdmin(prefix: string): Promise<{ cookie: string; admin: { id: string; email: string } }> {
  const email = `${prefix}-${Date.now()}@example.com`;
  const cookie = await adminCookie(email);
  const user = await selectRow(getDb(), z.object({ id: col.text }), sql`select id from "user" where email = ${email}`);
  return { cookie, admin: { id: user!.id, email } };
}
