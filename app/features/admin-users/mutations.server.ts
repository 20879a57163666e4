/**
 * Manage Users' writes (decision 044): suspend and restore. A suspension sets `user.suspended_at`
 * and deletes the user's sessions in one transaction with its audit entry; the auth gate
 * (app/domain/auth/suspension.server.ts and the Better Auth session hook) keeps them out
 * afterwards. Administrators (an `admin_users` e-mail), the acting admin included, cannot be
 * suspended.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { invalidate, productTag, type CacheTag } from "~/db/cache-bus.server";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { USER_MESSAGES } from "./admin-users";

export type SuspendResult = { ok: true; name: string } | { ok: false; status: 400 | 403 | 404; error: string };

/**
 * Suspends (or restores) a user: one transaction with the row locked, the sessions deleted on
 * suspension, and the audit entry. Refused for the acting admin and for any administrator.
 */
export async function setSuspended(db: Database, admin: Actor, userId: string, suspend: boolean): Promise<SuspendResult> {
  const result = await db.transaction(async (tx): Promise<SuspendResult & { slugs?: string[] }> => {
    const target = await selectRow(
      tx,
      z.object({ id: col.text, email: col.text, name: col.text, username: col.text.nullable(), suspended: col.bool, admin: col.bool }),
      sql`select u.id, u.email, u.name, p.username, u.suspended_at is not null as suspended,
                 exists (select 1 from admin_users a where a.email = lower(u.email)) as admin
            from "user" u left join profiles p on p.id = u.id where u.id = ${userId} for update of u`,
    );
    if (!target) return { ok: false, status: 404, error: USER_MESSAGES.notFound };
    const name = target.username ?? target.name ?? target.email;
    if (suspend) {
      if (target.id === admin.id) return { ok: false, status: 403, error: USER_MESSAGES.self };
      if (target.admin || target.email.toLowerCase() === admin.email.toLowerCase()) return { ok: false, status: 403, error: USER_MESSAGES.admin };
      if (target.suspended) return { ok: false, status: 400, error: USER_MESSAGES.alreadySuspended };
    } else if (!target.suspended) {
      return { ok: false, status: 400, error: USER_MESSAGES.notSuspended };
    }
    await tx.execute(sql`update "user" set suspended_at = ${suspend ? sql`now()` : sql`null`}, updated_at = now() where id = ${userId}`);
    let sessionsEnded = 0;
    if (suspend) {
      const ended = await selectRows(tx, z.object({ id: col.text }), sql`delete from session where user_id = ${userId} returning id`);
      sessionsEnded = ended.length;
    }
    // Their reviews appear (or vanish) on these products' pages.
    const products = await selectRows(
      tx,
      z.object({ slug: col.text }),
      sql`select distinct x.slug from product_feedback r join products x on x.id = r.product_id where r.user_id = ${userId}`,
    );
    await recordAudit(tx, admin, {
      action: suspend ? "user.suspend" : "user.restore",
      entityType: "user",
      entityId: userId,
      summary: `${name} <${target.email}>`,
      changes: suspend ? { suspended: { before: false, after: true }, sessionsEnded } : { suspended: { before: true, after: false } },
    });
    return { ok: true, name, slugs: products.map((p) => p.slug) };
  });
  if (!result.ok) return result;
  const tags: CacheTag[] = ["lists", ...(result.slugs ?? []).map(productTag)];
  await invalidate(tags);
  return { ok: true, name: result.name };
}
