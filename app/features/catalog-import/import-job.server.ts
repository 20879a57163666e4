import crypto from "node:crypto";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { invalidate } from "~/db/cache-bus.server";
import { intArray } from "~/db/sql-arrays";
import { pauseForRequests } from "~/db/foreground.server";
import { catalog_import_rows, catalog_imports, niches, subcategories, type ImportMapping, type ImportPlacement } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { TaxonomyResolver } from "~/domain/taxonomy-resolver.server";
import { duringBulkWork } from "~/lib/bulk-heap.server";
import type { JobQueue } from "~/lib/jobs/job-queue";
import { logger } from "~/lib/logger.server";
import { BatchWriter } from "./batch-writer.server";
import { CsvImportError, type CsvColumn } from "./csv-read.server";
import { prepareRow, type PreparedRow } from "./csv-row.server";
import { newReport, plural } from "./import-report";

export const IMPORT_QUEUE = "catalog-import";

/** A running import says it is alive this often; one silent for STALE_SECONDS is taken over. */
const HEARTBEAT_MS = 5_000;
export const STALE_SECONDS = 30;
/** Imported rows after which the statistics are refreshed mid-import (then at each doubling). */
const ANALYZE_FIRST = 5_000;
/** While requests come in, how long one import transaction may hold the embedded database. */
const SLICE_MS = 30;
/**
 * The fewest rows such a transaction writes. A transaction has a fixed cost besides its rows (about
 * eight statements, each a round trip to the database's thread, and the pages rendered between
 * them): learnt per row from one-row transactions it made a row look like 20-40 ms, so every
 * transaction wrote one row, and an import under steady page traffic fell to 75-160 rows/s.
 */
const MIN_SLICE_ROWS = 20;

export interface ImportJobData {
  importId: number;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Who runs it (a process and queue): a second runner of the same import backs off. */
  worker?: string;
  batchSize?: number;
  /**
   * Batches written at once, each in its own transaction on its own connection (PostgreSQL: the
   * database's work per product is the bound, and a second backend uses a second core). The
   * niches and subcategories the rows need are created first, in one transaction, so that no
   * batch depends on another's uncommitted rows.
   */
  concurrency?: number;
  /**
   * Embedded database: before each transaction, wait (a little) while requests are being
   * answered, and while they come in write a few rows per transaction (about SLICE_MS of work),
   * so a page's queries never queue behind a long batch on the one connection.
   */
  yieldToRequests?: boolean;
  /** Test hook: called after each committed batch. */
  afterBatch?: (done: number) => Promise<void> | void;
}

export type RunOutcome = "completed" | "cancelled" | "stopped" | "not-claimed" | "failed";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type StagedRow = Pick<
  typeof catalog_import_rows.$inferSelect,
  "row" | "cells" | "messages" | "duplicate_of_row" | "excluded" | "mapping" | "group_key"
>;

export const workerId = () => `${process.pid}-${crypto.randomBytes(3).toString("hex")}`;

/** Names of the niches and subcategories a mapping chose (the import places products by name). */
async function placementNames(db: Database, importId: number, mapping: ImportMapping) {
  const chosen = [mapping.all, ...Object.values(mapping.groups ?? {})].filter((p): p is ImportPlacement => !!p);
  const rowMappings = await queryRows<{ mapping: ImportPlacement }>(
    db,
    sql`select distinct mapping from catalog_import_rows where import_id = ${importId} and mapping is not null`,
  );
  chosen.push(...rowMappings.map((r) => r.mapping));
  const nicheIds = [...new Set(chosen.map((p) => p.nicheId))];
  const subIds = [...new Set(chosen.flatMap((p) => (p.subcategoryId ? [p.subcategoryId] : [])))];
  const nicheNames = new Map<number, string>();
  const subNames = new Map<number, string>();
  if (nicheIds.length) {
    for (const n of await db.select({ id: niches.id, name: niches.name }).from(niches).where(inArray(niches.id, nicheIds))) nicheNames.set(n.id, n.name);
  }
  if (subIds.length) {
    for (const s of await db.select({ id: subcategories.id, name: subcategories.name }).from(subcategories).where(inArray(subcategories.id, subIds))) {
      subNames.set(s.id, s.name);
    }
  }
  return { nicheNames, subNames };
}

/**
 * Runs one import: takes the staged rows that have no outcome yet, in file order, and writes
 * them a batch per transaction with the shared BatchWriter. Each row's outcome (and the product
 * it became) is written in the same transaction as the product, so after a crash the rows that
 * landed are known exactly and a re-run continues with the rest. Cancelling stops between batches.
 */
export async function runImport(db: Database, importId: number, options: RunOptions = {}): Promise<RunOutcome> {
  const worker = options.worker ?? workerId();
  const [claimed] = await db
    .update(catalog_imports)
    .set({ state: "running", worker, heartbeat_at: new Date(), started_at: sql`coalesce(${catalog_imports.started_at}, now())` })
    .where(
      and(
        eq(catalog_imports.id, importId),
        sql`(${catalog_imports.state} = 'queued' or (${catalog_imports.state} = 'running' and (${catalog_imports.worker} = ${worker}
          or ${catalog_imports.heartbeat_at} is null or ${catalog_imports.heartbeat_at} < now() - make_interval(secs => ${STALE_SECONDS}))))`,
      ),
    )
    .returning();
  if (!claimed) return "not-claimed";
  const actor: Actor = { id: claimed.admin_id ?? "", email: claimed.admin_email };
  const status = claimed.product_status === "draft" ? "draft" : "live";
  const mapping = claimed.mapping ?? {};
  const { nicheNames, subNames } = await placementNames(db, importId, mapping);
  const report = newReport(false);
  const taxonomy = new TaxonomyResolver();
  let imported = 0;
  let lastInvalidation = Date.now();

  const placementsFor = (row: StagedRow): PreparedRow["product"]["placements"] | string => {
    const chosen = row.mapping ?? (row.group_key ? mapping.groups?.[row.group_key] : undefined) ?? mapping.all ?? null;
    if (!chosen) {
      const niche = row.cells.niche?.trim().replace(/\s+/g, " ");
      const subcategory = row.cells.subcategory?.trim().replace(/\s+/g, " ");
      return niche ? [{ niche, subcategory: subcategory || undefined }] : [];
    }
    const niche = nicheNames.get(chosen.nicheId);
    if (!niche) return "The niche chosen for this row no longer exists";
    const subcategory = chosen.subcategoryId ? subNames.get(chosen.subcategoryId) : undefined;
    if (chosen.subcategoryId && !subcategory) return "The subcategory chosen for this row no longer exists";
    return [{ niche, subcategory }];
  };

  const bump = (tx: Pick<Database, "update">, n: { done: number; imported?: number; skipped?: number; failed?: number }) =>
    tx
      .update(catalog_imports)
      .set({
        rows_done: sql`${catalog_imports.rows_done} + ${n.done}`,
        rows_imported: sql`${catalog_imports.rows_imported} + ${n.imported ?? 0}`,
        rows_skipped: sql`${catalog_imports.rows_skipped} + ${n.skipped ?? 0}`,
        rows_failed: sql`${catalog_imports.rows_failed} + ${n.failed ?? 0}`,
        heartbeat_at: new Date(),
      })
      .where(eq(catalog_imports.id, importId));

  const setOutcome = (tx: Pick<Database, "update">, rows: number[], outcome: string, message: string | null, productId?: number) =>
    tx
      .update(catalog_import_rows)
      .set({ outcome, outcome_message: message, product_id: productId ?? null })
      .where(and(eq(catalog_import_rows.import_id, importId), sql`${catalog_import_rows.row} = any(${intArray(rows)})`, isNull(catalog_import_rows.outcome)))
      .returning({ row: catalog_import_rows.row });

  const writer = new BatchWriter(db, taxonomy, report, 1000, {
    async written(tx: Tx, fresh, duplicates) {
      if (fresh.length) {
        await tx.execute(sql`
          update catalog_import_rows r set outcome = 'imported', outcome_message = null, product_id = v.product_id
          from unnest(${intArray(fresh.map((f) => f.item.row))}, ${intArray(fresh.map((f) => f.productId))}) as v(row, product_id)
          where r.import_id = ${importId} and r.row = v.row and r.outcome is null`);
      }
      if (duplicates.length) await setOutcome(tx, duplicates.map((d) => d.row), "duplicate", "Already in the catalogue");
      await bump(tx, { done: fresh.length + duplicates.length, imported: fresh.length, skipped: duplicates.length });
      imported += fresh.length;
    },
    async refused(item, message, duplicate) {
      await db.transaction(async (tx) => {
        const done = await setOutcome(tx, [item.row], duplicate ? "duplicate" : "failed", message);
        if (done.length) await bump(tx, { done: 1, skipped: duplicate ? 1 : 0, failed: duplicate ? 0 : 1 });
      });
    },
  });

  const batchSize = Math.max(1, options.batchSize ?? 1000);

  /** Reads the next rows without an outcome after `after` and sorts them: rows to write, rows to mark. */
  const readBatch = async (after: number) => {
    const staged: StagedRow[] = await db
      .select({
        row: catalog_import_rows.row,
        cells: catalog_import_rows.cells,
        messages: catalog_import_rows.messages,
        duplicate_of_row: catalog_import_rows.duplicate_of_row,
        excluded: catalog_import_rows.excluded,
        mapping: catalog_import_rows.mapping,
        group_key: catalog_import_rows.group_key,
      })
      .from(catalog_import_rows)
      .where(and(eq(catalog_import_rows.import_id, importId), isNull(catalog_import_rows.outcome), gt(catalog_import_rows.row, after)))
      .orderBy(catalog_import_rows.row)
      .limit(batchSize);
    const skipped = new Map<string, { rows: number[]; message: string | null; outcome: string }>();
    const skip = (row: number, outcome: string, message: string | null) => {
      const key = `${outcome}\u0000${message ?? ""}`;
      const entry = skipped.get(key) ?? { rows: [], message, outcome };
      entry.rows.push(row);
      skipped.set(key, entry);
    };
    const prepared: PreparedRow[] = [];
    for (const row of staged) {
      if (row.excluded) skip(row.row, "excluded", "Excluded before the import");
      else if (row.messages.length) skip(row.row, "invalid", row.messages.join("; "));
      else if (row.duplicate_of_row !== null) skip(row.row, "duplicate", `Repeats row ${row.duplicate_of_row} of the file`);
      else {
        const placements = placementsFor(row);
        if (typeof placements === "string") {
          skip(row.row, "failed", placements);
          continue;
        }
        // Started only when every row has a niche (startImport); kept here so that no live product lands on no category page.
        if (status === "live" && placements.length === 0) {
          skip(row.row, "failed", "No niche: a published product needs one");
          continue;
        }
        const result = prepareRow({ row: row.row, values: row.cells as Partial<Record<CsvColumn, string>> }, status);
        if (!result.ok) skip(row.row, "invalid", result.messages.join("; "));
        else prepared.push({ ...result.value, product: { ...result.value.product, placements } });
      }
    }
    return { lastRow: staged.at(-1)?.row ?? after, count: staged.length, skipped, prepared };
  };

  const concurrency = Math.max(1, options.concurrency ?? 1);

  /** Writes one batch read by readBatch: the rows skipped with their reasons, then the rows to import. */
  let msPerRow = 2; // Learnt as the import goes (embedded database, yieldToRequests).
  const writeBatch = async ({ skipped, prepared, lastRow }: Awaited<ReturnType<typeof readBatch>>) => {
    if (skipped.size && options.yieldToRequests) await pauseForRequests();
    if (skipped.size) {
      await db.transaction(async (tx) => {
        for (const entry of skipped.values()) {
          const done = await setOutcome(tx, entry.rows, entry.outcome, entry.message);
          if (!done.length) continue;
          await bump(tx, {
            done: done.length,
            skipped: entry.outcome === "duplicate" || entry.outcome === "excluded" ? done.length : 0,
            failed: entry.outcome === "invalid" || entry.outcome === "failed" ? done.length : 0,
          });
        }
      });
    }
    if (!options.yieldToRequests) {
      if (prepared.length) await writer.write(prepared);
    } else {
      for (let i = 0; i < prepared.length; ) {
        const busy = await pauseForRequests();
        const n = busy ? Math.min(prepared.length - i, Math.max(MIN_SLICE_ROWS, Math.floor(SLICE_MS / msPerRow))) : prepared.length - i;
        const started = performance.now();
        await writer.write(prepared.slice(i, i + n));
        // Learnt from transactions of MIN_SLICE_ROWS or more, where the rows outweigh the fixed cost.
        if (n >= MIN_SLICE_ROWS) msPerRow = 0.7 * msPerRow + 0.3 * ((performance.now() - started) / n);
        i += n;
      }
    }
    await options.afterBatch?.(lastRow);
  };

  let heartbeat = Date.now();
  let nextAnalyze = ANALYZE_FIRST;
  // The next batch is read and checked while the current ones are written (the database works on
  // them while this process prepares the next); at most `concurrency` batches are being written.
  let next: ReturnType<typeof readBatch> | null = null;
  const writing = new Set<Promise<void>>();
  let writeError: { error: unknown } | null = null;
  /** Waits until fewer than `limit` batches are being written; a batch that failed ends the import. */
  const drain = async (limit: number) => {
    while (writing.size >= limit && writing.size > 0) await Promise.race(writing);
    if (writeError) throw writeError.error;
  };
  try {
    if (concurrency > 1) {
      const needed = await placementsNeeded(db, importId, mapping, placementsFor);
      await db.transaction(async (tx) => {
        for (const placement of needed) {
          const nicheId = await taxonomy.niche(tx, placement.niche);
          if (placement.subcategory) await taxonomy.subcategory(tx, placement.subcategory, nicheId);
        }
      });
    }
    next = readBatch(0);
    for (;;) {
      const current = await next;
      next = null;
      if (!current.count) break;
      // Between batches: still ours? cancelled? (one indexed read; the heartbeat now and then).
      const beat = Date.now() - heartbeat > HEARTBEAT_MS;
      if (beat) heartbeat = Date.now();
      const [state] = beat
        ? await db
            .update(catalog_imports)
            .set({ heartbeat_at: new Date() })
            .where(and(eq(catalog_imports.id, importId), eq(catalog_imports.worker, worker)))
            .returning({ cancel: catalog_imports.cancel_requested })
        : await db
            .select({ cancel: catalog_imports.cancel_requested })
            .from(catalog_imports)
            .where(and(eq(catalog_imports.id, importId), eq(catalog_imports.worker, worker)));
      if (!state || state.cancel || options.signal?.aborted) await drain(1);
      if (!state) return "not-claimed"; // Taken over by another worker after a long pause.
      if (state.cancel) return await finish(db, importId, actor, "cancelled", null);
      if (options.signal?.aborted) return "stopped";
      next = readBatch(current.lastRow);
      next.catch(() => {}); // Awaited at the top of the loop; a failure there ends the import.

      const written: Promise<void> = writeBatch(current)
        .catch((error: unknown) => void (writeError ??= { error }))
        .finally(() => writing.delete(written));
      writing.add(written);
      await drain(concurrency);
      if (status === "live" && imported > 0 && Date.now() - lastInvalidation > 2_000) {
        lastInvalidation = Date.now();
        await invalidate(["lists"]);
      }
      // Fresh statistics as the catalogue grows (5,000 rows, then each doubling): page queries and
      // the duplicate check keep their index plans mid-import (PGlite never analyzes by itself).
      // The table sizes and the columns lists filter and sort on; the wide text and search
      // columns (most of ANALYZE's work, and on PGlite time the pages wait) once, at the end.
      if (imported >= nextAnalyze) {
        nextAnalyze = Math.max(ANALYZE_FIRST, imported * 2);
        await db.execute(sql`analyze products (id, status, type, created_at, is_advertised, pricing, slug, website_domain, submitter_id), product_stats, product_niches, product_subcategories`);
      }
      // Let page requests in between batches (the embedded database runs in this process).
      await new Promise((resolve) => setImmediate(resolve));
    }
    await drain(1);
  } catch (error) {
    await Promise.allSettled(writing);
    const message =
      error instanceof CsvImportError ? error.message : `The import stopped on a database error: ${error instanceof Error ? error.message : String(error)}`;
    logger().error({ err: error, importId }, "catalog import failed");
    await finish(db, importId, actor, "failed", message).catch(() => {});
    return "failed";
  }
  if (imported > 0) await db.execute(sql`analyze products, product_stats, product_niches, product_subcategories`);
  return finish(db, importId, actor, "completed", null);
}

/**
 * The niches and subcategories (by name) an import will place its remaining rows in: those the
 * mapping chose, and the file's own columns for rows the mapping leaves to them. Rows that will be
 * skipped (excluded, invalid, repeated, already in the catalogue) are left out, so that creating
 * these up front creates nothing the import itself would not.
 */
async function placementsNeeded(
  db: Database,
  importId: number,
  mapping: ImportMapping,
  placementsFor: (row: StagedRow) => PreparedRow["product"]["placements"] | string,
): Promise<PreparedRow["product"]["placements"]> {
  const candidates = await queryRows<Pick<StagedRow, "mapping" | "group_key"> & { niche: string | null; subcategory: string | null }>(
    db,
    sql`select distinct mapping, group_key, cells->>'niche' as niche, cells->>'subcategory' as subcategory
        from catalog_import_rows
        where import_id = ${importId} and outcome is null and not excluded and duplicate_of_row is null
          and duplicate_product_id is null and messages = '[]'::jsonb`,
  );
  const seen = new Set<string>();
  const needed: PreparedRow["product"]["placements"] = [];
  for (const candidate of candidates) {
    const cells: Record<string, string> = {};
    if (candidate.niche !== null) cells.niche = candidate.niche;
    if (candidate.subcategory !== null) cells.subcategory = candidate.subcategory;
    const placements = placementsFor({ row: 0, cells, messages: [], duplicate_of_row: null, excluded: false, mapping: candidate.mapping, group_key: candidate.group_key });
    if (typeof placements === "string") continue;
    for (const placement of placements) {
      const key = `${placement.niche}\u0000${placement.subcategory ?? ""}`;
      if (!seen.has(key)) needed.push(placement);
      seen.add(key);
    }
  }
  return needed;
}

/** Ends an import: exact counts from the row outcomes, the audit entry, and fresh public lists. */
async function finish(db: Database, importId: number, actor: Actor, state: "completed" | "cancelled" | "failed", error: string | null) {
  await db.transaction(async (tx) => {
    const [counts] = await queryRows<{ done: number; imported: number; skipped: number; failed: number }>(
      tx,
      sql`select count(outcome)::int as done,
                 count(*) filter (where outcome = 'imported')::int as imported,
                 count(*) filter (where outcome in ('duplicate', 'excluded'))::int as skipped,
                 count(*) filter (where outcome in ('invalid', 'failed'))::int as failed
          from catalog_import_rows where import_id = ${importId}`,
    );
    const [record] = await tx
      .update(catalog_imports)
      .set({
        state,
        error,
        finished_at: new Date(),
        heartbeat_at: null,
        rows_done: counts?.done ?? 0,
        rows_imported: counts?.imported ?? 0,
        rows_skipped: counts?.skipped ?? 0,
        rows_failed: counts?.failed ?? 0,
      })
      .where(eq(catalog_imports.id, importId))
      .returning({ file_name: catalog_imports.file_name });
    await recordAudit(tx, actor, {
      action: `import.${state === "completed" ? "complete" : state === "cancelled" ? "cancel" : "fail"}`,
      entityType: "import",
      entityId: importId,
      summary: `${plural(counts?.imported ?? 0, "product")} imported from ${record?.file_name ?? "a file"}`,
      changes: { ...counts, ...(error ? { error } : {}) },
    });
  });
  await invalidate(["lists"]);
  return state;
}

export type ImportWriteSettings = Pick<RunOptions, "batchSize" | "concurrency" | "yieldToRequests">;

/**
 * How the job writes, per database. PostgreSQL: batches of 1,000, two at once (each on its own
 * backend, so the database's work per product, its bound, uses two cores). The embedded database
 * runs in this process on one connection and pages wait for each statement: one batch at a time,
 * giving way to requests (a few rows per transaction while they come in).
 */
export function importWriteSettings(database: "postgres" | "embedded"): ImportWriteSettings {
  return database === "postgres" ? { batchSize: 1000, concurrency: 2 } : { batchSize: 200, concurrency: 1, yieldToRequests: true };
}

/** The job handler: runs the import; a stopped worker leaves it for the next one (pg-boss retries, or the resumer). */
export function importJobHandler(db: () => Database, settings: ImportWriteSettings = {}) {
  return async (job: { data: ImportJobData; signal: AbortSignal; progress(value: unknown): Promise<void>; id: string }) => {
    const importId = Number(job.data?.importId);
    if (!Number.isSafeInteger(importId)) return;
    const outcome = await duringBulkWork(() => runImport(db(), importId, { ...settings, signal: job.signal, worker: `${process.pid}:${job.id}` }));
    await job.progress({ outcome }).catch(() => {});
  };
}

/**
 * Imports that were running on a worker that went silent (killed, restarted) get a new job; the
 * claim in runImport makes sure only one worker continues each.
 */
export async function resumeStaleImports(db: Database, queue: JobQueue): Promise<number[]> {
  const stale = await queryRows<{ id: number }>(
    db,
    sql`select id from catalog_imports
        where (state = 'running' and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => ${STALE_SECONDS})))`,
  );
  for (const { id } of stale) {
    const jobId = await queue.enqueue(IMPORT_QUEUE, { importId: id } satisfies ImportJobData);
    await db.update(catalog_imports).set({ job_id: jobId }).where(eq(catalog_imports.id, id));
  }
  return stale.map((s) => s.id);
}

/** Embedded database only: one process owns it, so an import still "running" at start-up was cut off. */
export async function releaseOrphanedImports(db: Database) {
  await db.update(catalog_imports).set({ heartbeat_at: null }).where(eq(catalog_imports.state, "running"));
}
