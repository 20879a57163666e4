/**
 * The audit log (decision 036): every admin write calls `recordAudit` with the transaction that
 * makes the change, so the entry and the change commit or roll back together.
 */
import { audit_log } from "~/db/schema";
import type { Database } from "~/db/client.server";
import type { SessionUser } from "~/domain/auth/session.server";

/** A database or a transaction on it (Drizzle's transaction has the same query API). */
export type Writer = Pick<Database, "insert" | "execute">;

export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

export interface AuditEntry {
  /** What was done: `product.create`, `product.update`, `products.publish`, `revision.approve`, ... */
  action: string;
  /** The kind of record: product, revision, claim, niche, subcategory, user, settings, cache. */
  entityType: string;
  /** The record's id; omitted for actions on many rows or on none. */
  entityId?: string | number | null;
  /** A short human label: the product's name, "12 products". */
  summary?: string | null;
  /** `diffFields(before, after)` for an edit; anything JSON for the rest (e.g. `{ ids: [1, 2] }`). */
  changes?: Record<string, unknown>;
}

/** Who did it: the signed-in admin. */
export type Actor = Pick<SessionUser, "id" | "email">;

export async function recordAudit(tx: Writer, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(audit_log).values({
    actor_id: actor.id,
    actor_email: actor.email,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId == null ? null : String(entry.entityId),
    summary: entry.summary ?? null,
    changes: entry.changes ?? {},
  });
}

/** Values compared as JSON (dates as ISO strings, arrays by content). */
function comparable(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  return JSON.stringify(value ?? null);
}

function plain(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : (value ?? null);
}

/**
 * The fields whose value differs between two versions of a record, with both values. Only keys
 * of `after` are compared (the fields the write touched); `before` null means a creation.
 */
export function diffFields(before: Record<string, unknown> | null, after: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [field, value] of Object.entries(after)) {
    const old = before ? before[field] : undefined;
    if (before && comparable(old) === comparable(value)) continue;
    changes[field] = { before: before ? plain(old) : null, after: plain(value) };
  }
  return changes;
}
