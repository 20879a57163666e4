/**
 * The import job's record (`catalog_imports`): its claim, the look between batches, its counters and
 * its end. The claim is the job's (decision 077): the job runner holds the running job's lease, so
 * the record only says which job runs it; a later run of that same job (after a crash, a restart or
 * a retry) continues it, any other job is refused.
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { invalidate } from "~/db/cache-bus.server";
import { col, selectRow } from "~/db/rows.server";
import { catalog_imports } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { plural } from "../import-report";

export type ImportRecord = typeof catalog_imports.$inferSelect;
export type EndState = "completed" | "cancelled" | "failed";

/** Takes a queued import, or one that this same job was running; null when another job holds it or it has ended. */
export async function claimImport(db: Database, importId: number, worker: string): Promise<ImportRecord | null> {
  const [claimed] = await db
    .update(catalog_imports)
    .set({ state: "running", worker, started_at: sql`coalesce(${catalog_imports.started_at}, now())` })
    .where(
      and(
        eq(catalog_imports.id, importId),
        sql`(${catalog_imports.state} = 'queued' or (${catalog_imports.state} = 'running' and ${catalog_imports.worker} = ${worker}))`,
      ),
    )
    .returning();
  return claimed ?? null;
}

/** Between batches: whether cancelling was asked, or null when the import is no longer this worker's. */
export async function lookBetweenBatches(db: Database, importId: number, worker: string): Promise<{ cancel: boolean } | null> {
  const [state] = await db
    .select({ cancel: catalog_imports.cancel_requested })
    .from(catalog_imports)
    .where(and(eq(catalog_imports.id, importId), eq(catalog_imports.worker, worker)));
  return state ?? null;
}

export interface CounterStep {
  done: number;
  imported?: number;
  skipped?: number;
  failed?: number;
}

/** Adds to the progress counters, in the caller's transaction (with the rows' outcomes). */
export function bumpCounters(tx: Pick<Database, "update">, importId: number, n: CounterStep) {
  return tx
    .update(catalog_imports)
    .set({
      rows_done: sql`${catalog_imports.rows_done} + ${n.done}`,
      rows_imported: sql`${catalog_imports.rows_imported} + ${n.imported ?? 0}`,
      rows_skipped: sql`${catalog_imports.rows_skipped} + ${n.skipped ?? 0}`,
      rows_failed: sql`${catalog_imports.rows_failed} + ${n.failed ?? 0}`,
    })
    .where(eq(catalog_imports.id, importId));
}

const Counts = z.object({ done: col.int, imported: col.int, skipped: col.int, failed: col.int });

/**
 * Ends an import: exact counts from the row outcomes, the audit entry, and fresh public lists.
 * `onlyIf` ends it only while it is still in one of those states and held by that job (the sweep's
 * guard against an import that ended meanwhile); it answers whether it ended it.
 */
export async function finishImport(
  db: Database,
  importId: number,
  actor: Actor,
  state: EndState,
  error: string | null,
  onlyIf?: { jobId: string },
): Promise<boolean> {
  const ended = await db.transaction(async (tx) => {
    const counts = (await selectRow(
      tx,
      Counts,
      sql`select count(outcome) as done,
                 count(*) filter (where outcome = 'imported') as imported,
                 count(*) filter (where outcome in ('duplicate', 'excluded')) as skipped,
                 count(*) filter (where outcome in ('invalid', 'failed')) as failed
          from catalog_import_rows where import_id = ${importId}`,
    )) ?? { done: 0, imported: 0, skipped: 0, failed: 0 };
    const [record] = await tx
      .update(catalog_imports)
      .set({
        state,
        error,
        finished_at: new Date(),
        rows_done: counts.done,
        rows_imported: counts.imported,
        rows_skipped: counts.skipped,
        rows_failed: counts.failed,
      })
      .where(
        and(
          eq(catalog_imports.id, importId),
          onlyIf ? sql`${catalog_imports.state} in ('queued', 'running') and ${catalog_imports.job_id} = ${onlyIf.jobId}` : undefined,
        ),
      )
      .returning({ file_name: catalog_imports.file_name });
    if (!record) return false;
    await recordAudit(tx, actor, {
      action: `import.${state === "completed" ? "complete" : state === "cancelled" ? "cancel" : "fail"}`,
      entityType: "import",
      entityId: importId,
      summary: `${plural(counts.imported, "product")} imported from ${record.file_name}`,
      changes: { ...counts, ...(error ? { error } : {}) },
    });
    return true;
  });
  await invalidate(["lists"]);
  return ended;
}

export function actorOf(record: Pick<ImportRecord, "admin_id" | "admin_email">): Actor {
  return { id: record.admin_id ?? "", email: record.admin_email };
}
