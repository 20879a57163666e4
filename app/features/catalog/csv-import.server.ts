import type { Readable } from "node:stream";
import { and, inArray, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema";
import { PRICINGS } from "~/lib/constants";
import { assertCsvFile, CsvImportError, CsvReader } from "./csv-read.server";
import { duplicateKeys, prepareRow, type ImportStatus, type PreparedRow } from "./csv-row.server";
import { insertCatalogProducts } from "./insert-products.server";
import { TaxonomyResolver } from "./taxonomy.server";

export { CsvImportError, CSV_MESSAGES, MAX_RECORD_BYTES } from "./csv-read.server";

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

export interface RowError {
  row: number;
  messages: string[];
}

export interface ImportReport {
  dryRun: boolean;
  interrupted: boolean;
  /** Data rows in the file, empty rows not included. */
  rows: number;
  emptyRows: number;
  validRows: number;
  imported: number;
  /** Rows already in the catalogue (same slug, or same website domain and name), or repeated in the file. */
  skippedDuplicates: number;
  duplicatesInFile: number;
  invalidRows: number;
  errors: RowError[];
  errorsNotListed: number;
  rowNumbering: string;
  /** Imported rows (valid rows on a dry run) whose pricing was not a known value and became free. */
  pricingMappedToFree: number;
  /** Imported rows (valid rows on a dry run) that had more than 10 topics: the first 10 were kept. */
  tagsTruncated: number;
  warnings: string[];
  createdNiches: number;
  createdSubcategories: number;
  durationMs: number;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

function newReport(dryRun: boolean): ImportReport {
  return {
    dryRun,
    interrupted: false,
    rows: 0,
    emptyRows: 0,
    validRows: 0,
    imported: 0,
    skippedDuplicates: 0,
    duplicatesInFile: 0,
    invalidRows: 0,
    errors: [],
    errorsNotListed: 0,
    rowNumbering: "Row numbers count the header as row 1, as a spreadsheet shows them.",
    pricingMappedToFree: 0,
    tagsTruncated: 0,
    warnings: [],
    createdNiches: 0,
    createdSubcategories: 0,
    durationMs: 0,
  };
}

function addError(report: ImportReport, error: RowError, max: number) {
  if (report.errors.length < max) report.errors.push(error);
  else report.errorsNotListed++;
}

const plural = (n: number, word: string) => `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;

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

class BatchWriter {
  constructor(
    private readonly db: Database,
    private readonly taxonomy: TaxonomyResolver,
    private readonly report: ImportReport,
    private readonly maxErrors: number,
  ) {}

  async write(batch: PreparedRow[]) {
    try {
      const result = await this.inTransaction((tx) => this.insertNew(tx, batch));
      this.count(result);
      return;
    } catch (batchError) {
      let failed = 0;
      for (const item of batch) {
        try {
          this.count(await this.inTransaction((tx) => this.insertNew(tx, [item])));
        } catch (error) {
          if (sqlState(error) === "23505") {
            this.report.skippedDuplicates++;
            continue;
          }
          failed++;
          this.report.invalidRows++;
          this.report.validRows--;
          addError(this.report, { row: item.row, messages: [`Could not be saved: ${describe(error)}`] }, this.maxErrors);
        }
      }
      if (failed === batch.length && batch.length > 1) {
        throw new CsvImportError(
          "database",
          `The database refused every row from row ${batch[0]!.row} to row ${batch.at(-1)!.row} (${describe(batchError)}). ` +
            `${plural(this.report.imported, "row")} were imported before that; fix the problem and run the import again to add the rest.`,
        );
      }
    }
  }

  /** Runs one transaction; after a rollback, forgets taxonomy ids and counts learnt inside it. */
  private async inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const created = { ...this.taxonomy.created };
    try {
      return await this.db.transaction(work);
    } catch (error) {
      this.taxonomy.reset();
      Object.assign(this.taxonomy.created, created);
      throw error;
    }
  }

  private async insertNew(tx: Tx, batch: PreparedRow[]) {
    const existing = await existingKeys(tx, batch);
    const fresh = batch.filter((item) => !item.keys.some((key) => existing.has(key)));
    await insertCatalogProducts(
      tx,
      fresh.map((item) => item.product),
      this.taxonomy,
    );
    return { fresh, duplicates: batch.length - fresh.length };
  }

  private count({ fresh, duplicates }: { fresh: PreparedRow[]; duplicates: number }) {
    this.report.imported += fresh.length;
    this.report.skippedDuplicates += duplicates;
    for (const item of fresh) {
      if (item.unknownPricing !== null) this.report.pricingMappedToFree++;
      if (item.tagsDropped) this.report.tagsTruncated++;
    }
  }
}

/** Duplicate keys of the products already stored that share a slug, or a domain and a name, with the batch. */
async function existingKeys(tx: Tx, batch: PreparedRow[]): Promise<Set<string>> {
  const slugs = [...new Set(batch.map((item) => item.product.slug))];
  const domains = [...new Set(batch.flatMap((item) => (item.domain ? [item.domain] : [])))];
  const names = [...new Set(batch.map((item) => item.product.product_name.toLowerCase()))];
  const lowerName = sql<string>`lower(${products.product_name})`;
  const rows = await tx
    .select({ slug: products.slug, domain: products.website_domain, name: lowerName })
    .from(products)
    .where(
      or(
        inArray(products.slug, slugs),
        domains.length ? and(inArray(products.website_domain, domains), inArray(lowerName, names)) : undefined,
      ),
    );
  return new Set(rows.flatMap((row) => duplicateKeys(row.slug, row.domain, row.name)));
}

function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.code ?? e?.cause?.code;
  return typeof code === "string" ? code : undefined;
}

function describe(error: unknown): string {
  const e = error as { message?: string; cause?: { message?: string } };
  return e?.cause?.message ?? e?.message ?? String(error);
}
