/**
 * The import job's batches: read the next staged rows without an outcome and sort them (rows to
 * write, rows to mark skipped with their reason), then write them: the skipped rows' outcomes, and
 * the products through the shared BatchWriter, each row's outcome in the same transaction as its
 * product, so after a crash exactly the rows with an outcome have landed.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { pauseForRequests } from "~/db/foreground.server";
import { catalog_import_rows } from "~/db/schema";
import type { TaxonomyResolver } from "~/domain/taxonomy-resolver.server";
import { intArray } from "~/db/sql-arrays";
import { BatchWriter } from "./batch-writer.server";
import type { CsvColumn } from "../csv-read.server";
import { prepareRow, type PreparedRow } from "../csv-row.server";
import { bumpCounters } from "./record.server";
import type { Placer } from "./placement.server";
import { newReport } from "../import-report";

/** While requests come in, how long one import transaction may hold the embedded database. */
const SLICE_MS = 30;
/**
 * The fewest rows such a transaction writes. A transaction has a fixed cost besides its rows (about
 * eight statements, each a round trip to the database's thread, and the pages rendered between
 * them): learnt per row from one-row transactions it made a row look like 20-40 ms, so every
 * transaction wrote one row, and an import under steady page traffic fell to 75-160 rows/s.
 */
const MIN_SLICE_ROWS = 20;

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface Batch {
  lastRow: number;
  count: number;
  /** Rows marked without being written, grouped by outcome and message. */
  skipped: Map<string, { rows: number[]; message: string | null; outcome: string }>;
  prepared: PreparedRow[];
}

export interface BatchSettings {
  batchSize: number;
  /** Embedded database: give way to requests before each transaction, and write short ones while they come in. */
  yieldToRequests: boolean;
}

export class ImportBatches {
  /** Products written so far by this run. */
  imported = 0;
  private writer: BatchWriter;
  private msPerRow = 2; // Learnt as the import goes (embedded database, yieldToRequests).

  constructor(
    private readonly db: Database,
    private readonly importId: number,
    private readonly status: "live" | "draft",
    private readonly place: Placer,
    private readonly settings: BatchSettings,
    taxonomy: TaxonomyResolver,
  ) {
    this.writer = new BatchWriter(db, taxonomy, newReport(false), 1000, {
      written: async (tx: Tx, fresh, duplicates) => {
        if (fresh.length) {
          await tx.execute(sql`
            update catalog_import_rows r set outcome = 'imported', outcome_message = null, product_id = v.product_id
            from unnest(${intArray(fresh.map((f) => f.item.row))}, ${intArray(fresh.map((f) => f.productId))}) as v(row, product_id)
            where r.import_id = ${importId} and r.row = v.row and r.outcome is null`);
        }
        if (duplicates.length) await this.setOutcome(tx, duplicates.map((d) => d.row), "duplicate", "Already in the catalogue");
        await bumpCounters(tx, importId, { done: fresh.length + duplicates.length, imported: fresh.length, skipped: duplicates.length });
        this.imported += fresh.length;
      },
      refused: async (item, message, duplicate) => {
        await db.transaction(async (tx) => {
          const done = await this.setOutcome(tx, [item.row], duplicate ? "duplicate" : "failed", message);
          if (done.length) await bumpCounters(tx, importId, { done: 1, skipped: duplicate ? 1 : 0, failed: duplicate ? 0 : 1 });
        });
      },
    });
  }

  private setOutcome(tx: Pick<Database, "update">, rows: number[], outcome: string, message: string | null) {
    return tx
      .update(catalog_import_rows)
      .set({ outcome, outcome_message: message, product_id: null })
      .where(
        and(eq(catalog_import_rows.import_id, this.importId), sql`${catalog_import_rows.row} = any(${intArray(rows)})`, isNull(catalog_import_rows.outcome)),
      )
      .returning({ row: catalog_import_rows.row });
  }

  /** Reads the next rows without an outcome after `after` and sorts them: rows to write, rows to mark. */
  async read(after: number): Promise<Batch> {
    const staged = await this.db
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
      .where(and(eq(catalog_import_rows.import_id, this.importId), isNull(catalog_import_rows.outcome), gt(catalog_import_rows.row, after)))
      .orderBy(catalog_import_rows.row)
      .limit(this.settings.batchSize);
    const skipped: Batch["skipped"] = new Map();
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
        const placements = this.place(row);
        if (typeof placements === "string") skip(row.row, "failed", placements);
        // Started only when every row has a niche (startImport); kept here so that no live product lands on no category page.
        else if (this.status === "live" && placements.length === 0) skip(row.row, "failed", "No niche: a published product needs one");
        else {
          const result = prepareRow({ row: row.row, values: row.cells as Partial<Record<CsvColumn, string>> }, this.status);
          if (!result.ok) skip(row.row, "invalid", result.messages.join("; "));
          else prepared.push({ ...result.value, product: { ...result.value.product, placements } });
        }
      }
    }
    return { lastRow: staged.at(-1)?.row ?? after, count: staged.length, skipped, prepared };
  }

  /** Writes one batch: the rows skipped with their reasons, then the rows to import. */
  async write({ skipped, prepared }: Batch) {
    const { yieldToRequests } = this.settings;
    if (skipped.size) {
      if (yieldToRequests) await pauseForRequests();
      await this.db.transaction(async (tx) => {
        for (const entry of skipped.values()) {
          const done = await this.setOutcome(tx, entry.rows, entry.outcome, entry.message);
          if (!done.length) continue;
          await bumpCounters(tx, this.importId, {
            done: done.length,
            skipped: entry.outcome === "duplicate" || entry.outcome === "excluded" ? done.length : 0,
            failed: entry.outcome === "invalid" || entry.outcome === "failed" ? done.length : 0,
          });
        }
      });
    }
    if (!yieldToRequests) {
      if (prepared.length) await this.writer.write(prepared);
      return;
    }
    for (let i = 0; i < prepared.length; ) {
      const busy = await pauseForRequests();
      const n = busy ? Math.min(prepared.length - i, Math.max(MIN_SLICE_ROWS, Math.floor(SLICE_MS / this.msPerRow))) : prepared.length - i;
      const started = performance.now();
      await this.writer.write(prepared.slice(i, i + n));
      // Learnt from transactions of MIN_SLICE_ROWS or more, where the rows outweigh the fixed cost.
      if (n >= MIN_SLICE_ROWS) this.msPerRow = 0.7 * this.msPerRow + 0.3 * ((performance.now() - started) / n);
      i += n;
    }
  }
}
