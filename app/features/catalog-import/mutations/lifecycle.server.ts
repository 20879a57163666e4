/**
 * An import's life outside the job: started (queued and handed to the job queue), cancelled,
 * discarded by an admin, expired when left awaiting mapping for a day, and ended when its job ended
 * without ending it (decision 077).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { data } from "react-router";
import type { Database } from "~/db/client.server";
import { catalog_import_rows, catalog_imports } from "~/db/schema";
import { type Actor, recordAudit } from "~/domain/audit/audit.server";
import { getJobQueue, type JobQueue } from "~/lib/jobs/job-queue";
import { DISCARDABLE, importableRows, noNicheMessage } from "../catalog-import";
import { countImportRows } from "../queries/counts.server";
import { IMPORT_QUEUE, type ImportJobData } from "../jobs.server";
import { actorOf, finishImport } from "../pipeline/record.server";

/** An upload left awaiting mapping this long expires: its staged rows are deleted. */
export const UPLOAD_EXPIRES_HOURS = 24;

/**
 * Drops an import that was never started, with its staged rows, and audits it. Answers false when
 * the import is not one that can be discarded (queued, running or ended).
 */
export async function discardImport(db: Database, admin: Actor, importId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(catalog_imports)
      .set({ state: "discarded", finished_at: new Date() })
      .where(and(eq(catalog_imports.id, importId), inArray(catalog_imports.state, DISCARDABLE)))
      .returning({ id: catalog_imports.id, file_name: catalog_imports.file_name });
    if (!done) return false;
    await tx.delete(catalog_import_rows).where(eq(catalog_import_rows.import_id, importId));
    await recordAudit(tx, admin, { action: "import.discard", entityType: "import", entityId: importId, summary: done.file_name });
    return true;
  });
}

/**
 * Proceed: the import is queued with the status chosen in the same form (in one transaction with
 * its audit entry), then handed to the job queue. A live import with rows that have no niche is
 * refused here, whatever the form sent: the message is returned.
 */
export async function startImport(db: Database, admin: Actor, importId: number, status: "live" | "draft"): Promise<true | string> {
  const started = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ mapping: catalog_imports.mapping, state: catalog_imports.state })
      .from(catalog_imports)
      .where(eq(catalog_imports.id, importId))
      .for("update");
    if (!locked || locked.state !== "mapping") return false;
    const counts = await countImportRows(tx, importId, locked.mapping ?? {});
    if (status === "live" && counts.noNiche > 0) return noNicheMessage(counts.noNiche);
    const toImport = importableRows(counts);
    const [record] = await tx
      .update(catalog_imports)
      .set({ state: "queued", product_status: status, rows_to_import: toImport })
      .where(and(eq(catalog_imports.id, importId), eq(catalog_imports.state, "mapping")))
      .returning({ file_name: catalog_imports.file_name, rows_total: catalog_imports.rows_total });
    if (!record) return false;
    await recordAudit(tx, admin, {
      action: "import.start",
      entityType: "import",
      entityId: importId,
      summary: record.file_name,
      changes: { rows: record.rows_total, status, ...counts, toImport },
    });
    return true;
  });
  if (typeof started === "string") return started;
  if (!started) throw data({ error: "This import has already started." }, { status: 409 });
  try {
    const jobId = await getJobQueue().enqueue(IMPORT_QUEUE, { importId } satisfies ImportJobData);
    await db.update(catalog_imports).set({ job_id: jobId }).where(eq(catalog_imports.id, importId));
  } catch (error) {
    await db.update(catalog_imports).set({ state: "mapping" }).where(and(eq(catalog_imports.id, importId), eq(catalog_imports.state, "queued")));
    throw error;
  }
  return true;
}

/** Cancel: a queued import ends at once; a running one stops after its current batch. */
export async function cancelImport(db: Database, admin: Actor, importId: number): Promise<boolean> {
  const record = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(catalog_imports)
      .set({
        cancel_requested: true,
        state: sql`case when ${catalog_imports.state} = 'queued' then 'cancelled' else ${catalog_imports.state} end`,
        finished_at: sql`case when ${catalog_imports.state} = 'queued' then now() else ${catalog_imports.finished_at} end`,
      })
      .where(and(eq(catalog_imports.id, importId), sql`${catalog_imports.state} in ('queued', 'running')`))
      .returning({ job_id: catalog_imports.job_id, file_name: catalog_imports.file_name });
    if (!updated) return null;
    await recordAudit(tx, admin, { action: "import.cancel-request", entityType: "import", entityId: importId, summary: updated.file_name });
    return updated;
  });
  if (!record) return false;
  if (record.job_id) await getJobQueue().cancel(IMPORT_QUEUE, record.job_id).catch(() => {});
  return true;
}

/** Uploads left awaiting mapping (or cut off mid-upload) for UPLOAD_EXPIRES_HOURS: expired, their staged rows deleted. */
export async function expireUploads(db: Database): Promise<number[]> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(catalog_imports)
      .set({ state: "expired", finished_at: new Date() })
      .where(
        and(
          inArray(catalog_imports.state, ["uploading", "mapping"]),
          sql`${catalog_imports.created_at} < now() - make_interval(hours => ${UPLOAD_EXPIRES_HOURS})`,
        ),
      )
      .returning({ id: catalog_imports.id });
    const ids = expired.map((e) => e.id);
    if (ids.length) await tx.delete(catalog_import_rows).where(inArray(catalog_import_rows.import_id, ids));
    return ids;
  });
}

/**
 * Imports still queued or running whose job has ended (its retries spent, or failed outside the
 * import): ended as failed, so none shows "Importing" for ever. The runner retries a job cut off by
 * a crash or a lapsed lease; this is for what it gave up on.
 */
export async function endImportsOfEndedJobs(db: Database, queue: Pick<JobQueue, "getJob">): Promise<number[]> {
  const open = await db
    .select()
    .from(catalog_imports)
    .where(and(inArray(catalog_imports.state, ["queued", "running"]), sql`${catalog_imports.job_id} is not null`));
  const ended: number[] = [];
  for (const record of open) {
    const job = await queue.getJob(IMPORT_QUEUE, record.job_id!);
    // A cancelled job's import is ended by its run (cancel_requested): left to it.
    if (!job || (job.state !== "failed" && job.state !== "completed")) continue;
    const message = `The import stopped: its job ${job.state === "failed" ? `failed (${job.error ?? "no reason given"})` : "ended without finishing it"}.`;
    if (await finishImport(db, record.id, actorOf(record), "failed", message, { jobId: record.job_id! })) ended.push(record.id);
  }
  return ended;
}

/** The sweep the job workers run now and then: expiry of abandoned uploads, and imports whose job ended. */
export async function sweepImports(db: Database, queue: Pick<JobQueue, "getJob">) {
  return { expired: await expireUploads(db), ended: await endImportsOfEndedJobs(db, queue) };
}
