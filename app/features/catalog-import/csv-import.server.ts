import type { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { TaxonomyResolver } from "~/domain/taxonomy-resolver.server";
import { PRICINGS } from "~/lib/constants";
import { BatchWriter } from "./pipeline/batch-writer.server";
import { assertCsvFile, CsvImportError, CsvReader } from "./csv-read.server";
import { prepareRow, type ImportStatus, type PreparedRow } from "./csv-row.server";
import { addError, newReport, plural, type ImportReport } from "./import-report";

export { CsvImportError, CSV_MESSAGES, MAX_RECORD_BYTES } from "./csv-read.server";
export type { ImportReport, RowError } from "./import-report";

export interface ImportOptions {
  /** The uploaded file's name: it must end in .csv (or contentType must say CSV). */
  fileName?: string;
  contentType?: string;
  status?: ImportStatus;
  batchSize?: number;
  /** Check the file only (pass 1): nothing is written. */
  dryRun?: boolean;
  /** Stops between batches: what was committed stays, the report says `interrupted`. */
  signal?: AbortSignal;
  onProgress?: (rows: number, phase: "checking" | "importing") => void;
  /** How many row errors the report lists; the rest are only counted. */
  maxListedErrors?: number;
}


/**
 * Pass 1: reads and validates the whole file without writing. Throws CsvImportError for a file
 * that cannot be imported at all (type, encoding, header, quoting, no data).
 */
export async function checkCatalogCsv(openStream: () => Readable, options: ImportOptions = {}): Promise<ImportReport> {
  const started = performance.now();
  assertCsvFile(options.fileName, options.contentType);
  const report = newReport(true);
  const maxErrors = options.maxListedErrors ?? 1000;
  const unknownPricing = new Map<string, number>();
  const reader = new CsvReader(openStream);
  for await (const record of reader.records()) {
    if (options.signal?.aborted) throw new CsvImportError("interrupted", "Stopped while checking the file: nothing was written.");
    report.rows++;
    const result = prepareRow(record, options.status ?? "live");
    if (result.ok) {
      report.validRows++;
      const { unknownPricing: value, tagsDropped } = result.value;
      if (value !== null) {
        report.pricingMappedToFree++;
        if (unknownPricing.has(value) || unknownPricing.size < 20) unknownPricing.set(value, (unknownPricing.get(value) ?? 0) + 1);
      }
      if (tagsDropped) report.tagsTruncated++;
    } else {
      report.invalidRows++;
      addError(report, { row: result.row, messages: result.messages }, maxErrors);
    }
    options.onProgress?.(report.rows, "checking");
  }
  report.emptyRows = reader.emptyRows;
  report.warnings.push(...(reader.header?.warnings ?? []));
  if (unknownPricing.size) {
    const values = [...unknownPricing].map(([value, n]) => `"${value}" (${plural(n, "row")})`).join(", ");
    report.warnings.push(`Pricing not in ${PRICINGS.join(", ")} is imported as free: ${values}.`);
  }
  if (report.tagsTruncated) {
    report.warnings.push(`${plural(report.tagsTruncated, "row")} had more than 10 topics: the first 10 are kept.`);
  }
  if (report.emptyRows) report.warnings.push(`${plural(report.emptyRows, "empty row")} dropped.`);
  report.durationMs = Math.round(performance.now() - started);
  return report;
}

/**
 * Imports the admin bulk-upload CSV (plus optional niche and subcategory columns). The file is
 * checked completely first; then valid rows are written in batches, one transaction each, skipping
 * products that already exist. A batch that fails is retried row by row so one bad row is reported
 * and never half-written. Memory holds one batch and the duplicate keys seen in the file.
 */
export async function importCatalogCsv(
  db: Database,
  openStream: () => Readable,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const started = performance.now();
  const checked = await checkCatalogCsv(openStream, options);
  if (options.dryRun) return checked;
  const report: ImportReport = { ...checked, dryRun: false, pricingMappedToFree: 0, tagsTruncated: 0 };
  if (report.validRows === 0) return finish(report, started);

  const maxErrors = options.maxListedErrors ?? 1000;
  const batchSize = Math.max(1, options.batchSize ?? 500);
  const taxonomy = new TaxonomyResolver();
  const seen = new Set<string>();
  let batch: PreparedRow[] = [];
  let processed = 0;

  const writer = new BatchWriter(db, taxonomy, report, maxErrors);
  const reader = new CsvReader(openStream);
  try {
    for await (const record of reader.records()) {
      if (options.signal?.aborted) {
        report.interrupted = true;
        break;
      }
      processed++;
      options.onProgress?.(processed, "importing");
      const result = prepareRow(record, options.status ?? "live");
      if (!result.ok) continue;
      if (result.value.keys.some((key) => seen.has(key))) {
        report.skippedDuplicates++;
        report.duplicatesInFile++;
        continue;
      }
      for (const key of result.value.keys) seen.add(key);
      batch.push(result.value);
      if (batch.length >= batchSize) {
        await writer.write(batch);
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof CsvImportError && error.code !== "database") {
      throw new CsvImportError(
        "changed",
        `The file changed while it was being imported (${error.message}). ${plural(report.imported, "row")} were imported before that; run the import again to add the rest.`,
      );
    }
    throw error;
  }
  if (batch.length && !report.interrupted) await writer.write(batch);
  if (!report.interrupted && processed !== report.rows) {
    report.warnings.push(`The file changed during the import: ${report.rows} rows were checked, then ${processed} read to import.`);
  }
  report.createdNiches = taxonomy.created.niches;
  report.createdSubcategories = taxonomy.created.subcategories;
  // The embedded database has no autovacuum: refresh the statistics the list and search plans use.
  if (report.imported > 0) await db.execute(sql`analyze products, product_stats, product_niches, product_subcategories`);
  return finish(report, started);
}

function finish(report: ImportReport, started: number) {
  report.durationMs = Math.round(performance.now() - started);
  return report;
}
