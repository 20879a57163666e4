/**
 * The import job (decisions 042, 077): a pipeline of steps over the staged rows. Claim the import
 * for this job, learn where rows go, create their taxonomy up front when batches run side by side,
 * then batch by batch (read the next rows, look whether it was cancelled, write), and end it with
 * exact counts. The job runner holds the job's lease: a long import keeps its claim through it, and a
 * job cut off (crash, restart, lapsed lease) runs again and continues where its outcomes stop.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { invalidate } from "~/db/cache-bus.server";
import { TaxonomyResolver } from "~/domain/taxonomy-resolver.server";
import { duringBulkWork } from "~/lib/bulk-heap.server";
import { logger } from "~/lib/logger.server";
import { CsvImportError } from "./csv-read.server";
import { type Batch, ImportBatches } from "./pipeline/batches.server";
import { loadPlacer, placementsNeeded, type Placer } from "./pipeline/placement.server";
import { actorOf, claimImport, finishImport, lookBetweenBatches } from "./pipeline/record.server";

export const IMPORT_QUEUE = "catalog-import";

/** Imported rows after which the statistics are refreshed mid-import (then at each doubling). */
const ANALYZE_FIRST = 5_000;

export interface ImportJobData {
  importId: number;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** The job that runs it: a later run of the same job continues the import, another job is refused. */
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
   * answered, and while they come in write a few rows per transaction (about 30 ms of work),
   * so a page's queries never queue behind a long batch on the one connection.
   */
  yieldToRequests?: boolean;
  /** Test hook: called after each committed batch. */
  afterBatch?: (done: number) => Promise<void> | void;
}

export type RunOutcome = "completed" | "cancelled" | "stopped" | "not-claimed" | "failed";

/** Runs one import: the steps above. Cancelling or stopping takes effect between batches. */
export async function runImport(db: Database, importId: number, options: RunOptions = {}): Promise<RunOutcome> {
  const worker = options.worker ?? `run-${process.pid}-${Date.now().toString(36)}`;
  const claimed = await claimImport(db, importId, worker);
  if (!claimed) return "not-claimed";
  const actor = actorOf(claimed);
  const status = claimed.product_status === "draft" ? "draft" : "live";
  const place = await loadPlacer(db, importId, claimed.mapping ?? {});
  const taxonomy = new TaxonomyResolver();
  const batches = new ImportBatches(db, importId, status, place, { batchSize: Math.max(1, options.batchSize ?? 1000), yieldToRequests: !!options.yieldToRequests }, taxonomy);
  try {
    const concurrency = Math.max(1, options.concurrency ?? 1);
    if (concurrency > 1) await createTaxonomyFirst(db, importId, place, taxonomy);
    const ended = await writeAll(db, importId, worker, batches, concurrency, status, options);
    if (ended === "cancelled") await finishImport(db, importId, actor, "cancelled", null);
    if (ended !== "completed") return ended;
  } catch (error) {
    const message =
      error instanceof CsvImportError ? error.message : `The import stopped on a database error: ${error instanceof Error ? error.message : String(error)}`;
    logger().error({ err: error, importId }, "catalog import failed");
    await finishImport(db, importId, actor, "failed", message).catch(() => {});
    return "failed";
  }
  if (batches.imported > 0) await db.execute(sql`analyze products, product_stats, product_niches, product_subcategories`);
  await finishImport(db, importId, actor, "completed", null);
  return "completed";
}

/** Batches side by side: the niches and subcategories they need exist before any of them starts. */
async function createTaxonomyFirst(db: Database, importId: number, place: Placer, taxonomy: TaxonomyResolver) {
  const needed = await placementsNeeded(db, importId, place);
  await db.transaction(async (tx) => {
    for (const placement of needed) {
      const nicheId = await taxonomy.niche(tx, placement.niche);
      if (placement.subcategory) await taxonomy.subcategory(tx, placement.subcategory, nicheId);
    }
  });
}

/**
 * The batch loop. The next batch is read and checked while the current ones are written (the
 * database works on them while this process prepares the next); at most `concurrency` batches are
 * written at once, and a batch that failed ends the import (thrown).
 */
async function writeAll(
  db: Database,
  importId: number,
  worker: string,
  batches: ImportBatches,
  concurrency: number,
  status: "live" | "draft",
  options: RunOptions,
): Promise<"completed" | "cancelled" | "stopped" | "not-claimed"> {
  const writing = new Set<Promise<void>>();
  let writeError: { error: unknown } | null = null;
  const drain = async (limit: number) => {
    while (writing.size >= limit && writing.size > 0) await Promise.race(writing);
    if (writeError) throw writeError.error;
  };
  const upkeep = new Upkeep(db, status);
  try {
    let next: Promise<Batch> = batches.read(0);
    for (;;) {
      const current = await next;
      if (!current.count) break;
      // Between batches: still ours? cancelled? stopped? (one indexed read).
      const look = await lookBetweenBatches(db, importId, worker);
      if (!look || look.cancel || options.signal?.aborted) {
        await drain(1);
        return !look ? "not-claimed" : look.cancel ? "cancelled" : "stopped";
      }
      next = batches.read(current.lastRow);
      next.catch(() => {}); // Awaited at the top of the loop; a failure there ends the import.
      const written: Promise<void> = batches
        .write(current)
        .then(() => options.afterBatch?.(current.lastRow))
        .catch((error: unknown) => void (writeError ??= { error }))
        .finally(() => writing.delete(written));
      writing.add(written);
      await drain(concurrency);
      await upkeep.after(batches.imported);
      // Let page requests in between batches (the embedded database runs in this process).
      await new Promise((resolve) => setImmediate(resolve));
    }
    await drain(1);
    return "completed";
  } finally {
    await Promise.allSettled(writing);
  }
}

/** Between batches: fresh public lists every 2 s while live products land, and fresh statistics as the catalogue grows. */
class Upkeep {
  private lastInvalidation = Date.now();
  private nextAnalyze = ANALYZE_FIRST;
  constructor(
    private readonly db: Database,
    private readonly status: "live" | "draft",
  ) {}

  async after(imported: number) {
    if (this.status === "live" && imported > 0 && Date.now() - this.lastInvalidation > 2_000) {
      this.lastInvalidation = Date.now();
      await invalidate(["lists"]);
    }
    // 5,000 rows, then each doubling: page queries and the duplicate check keep their index plans
    // mid-import (PGlite never analyzes by itself). The table sizes and the columns lists filter and
    // sort on; the wide text and search columns (most of ANALYZE's work, and on PGlite time the pages
    // wait) once, at the end.
    if (imported >= this.nextAnalyze) {
      this.nextAnalyze = Math.max(ANALYZE_FIRST, imported * 2);
      await this.db.execute(
        sql`analyze products (id, status, type, created_at, is_advertised, pricing, slug, website_domain, submitter_id), product_stats, product_niches, product_subcategories`,
      );
    }
  }
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

/** The job handler: runs the import as its job (the claim is the job's id); a stopped run is left for the runner to run again. */
export function importJobHandler(db: () => Database, settings: ImportWriteSettings = {}) {
  return async (job: { data: ImportJobData; signal: AbortSignal; progress(value: unknown): Promise<void>; id: string }) => {
    const importId = Number(job.data?.importId);
    if (!Number.isSafeInteger(importId)) return;
    const outcome = await duringBulkWork(() => runImport(db(), importId, { ...settings, signal: job.signal, worker: `job:${job.id}` }));
    await job.progress({ outcome }).catch(() => {});
  };
}
