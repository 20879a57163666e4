import { Transform, type Readable, type TransformCallback } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { catalog_import_rows, catalog_imports } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { UPLOAD_TIMED_OUT_MESSAGE } from "../csv-format";
import { assertCsvFile, CsvImportError, CsvReader, type CsvRecord } from "../csv-read.server";
import { prepareRow } from "../csv-row.server";
import { plural } from "../import-report";
import type { StagedUpload } from "../catalog-import";

/** Rows written to the staging table per statement while the file streams in. */
const STAGE_BATCH = 2000;
/**
 * Characters of cells per statement, whichever comes first: 2,000 rows of 10,000-character
 * descriptions made 20 MB statements, held twice (the rows and their JSON) while the next was read.
 */
const STAGE_BATCH_CHARS = 8_000_000;
const NUL = /\0/g;

export interface StageOptions {
  fileName: string;
  contentType?: string;
  signal?: AbortSignal;
}

/** Counts the bytes that pass. */
class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}

function groupKey(values: CsvRecord["values"]): string {
  const niche = (values.niche ?? "").trim().replace(/\s+/g, " ").toLowerCase();
  const subcategory = (values.subcategory ?? "").trim().replace(/\s+/g, " ").toLowerCase();
  return niche || subcategory ? `${niche} / ${subcategory}` : "";
}

/** A cell as stored: PostgreSQL refuses NUL in text, so it becomes U+FFFD (the row is refused anyway). */
function storable(values: CsvRecord["values"]): { cells: Record<string, string>; hadNul: boolean; chars: number } {
  const cells: Record<string, string> = {};
  let hadNul = false;
  let chars = 0;
  for (const [column, value] of Object.entries(values)) {
    if (value === undefined) continue;
    chars += value.length;
    if (value.includes("\0")) {
      hadNul = true;
      cells[column] = value.replace(NUL, "\uFFFD");
    } else {
      cells[column] = value;
    }
  }
  return { cells, hadNul, chars };
}

/**
 * The upload: reads the CSV as it streams in (nothing is kept whole in memory), validates each row
 * with the same reader and rules as `npm run catalog:import`, and stages the rows in the database
 * for mapping and preview. A file that cannot be imported at all ends with the spec's message,
 * its staged rows removed and the import marked failed: nothing half-written.
 */
export async function stageUpload(db: Database, admin: Actor, source: Readable, options: StageOptions): Promise<StagedUpload> {
  assertCsvFile(options.fileName, options.contentType);
  const fileName = options.fileName.replace(NUL, "").slice(0, 255) || "upload.csv";
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(catalog_imports)
      .values({ admin_id: admin.id, admin_email: admin.email, file_name: fileName, state: "uploading" })
      .returning({ id: catalog_imports.id });
    await recordAudit(tx, admin, { action: "import.upload", entityType: "import", entityId: created!.id, summary: fileName });
    return created!.id;
  });

  const counter = new ByteCounter();
  const reader = new CsvReader(() => {
    source.on("error", (error) => counter.destroy(error));
    return source.pipe(counter);
  });
  const firstRowOf = new Map<string, number>();
  let batch: StagedRowInsert[] = [];
  let batchChars = 0;
  let rows = 0;
  let valid = 0;
  let duplicates = 0;
  // One batch is written while the next is read and checked: at most one statement in flight.
  let writing: Promise<void> | null = null;
  const flush = async () => {
    if (!batch.length) return;
    const values = batch;
    batch = [];
    batchChars = 0;
    if (writing) await writing;
    writing = insertStagedRows(db, id, values);
    writing.catch(() => {}); // Awaited before the next batch, at the end, or on failure.
  };
  try {
    for await (const record of reader.records()) {
      if (options.signal?.aborted) throw new CsvImportError("interrupted", "The upload was interrupted: nothing was imported.");
      rows++;
      const { cells, hadNul, chars } = storable(record.values);
      const result = prepareRow(record, "live");
      const staged: StagedRowInsert = {
        row: record.row,
        cells,
        product_name: (cells.product_name ?? "").slice(0, 300),
        website_url: (cells.website_url?.trim() ? cells.website_url : (cells.link ?? "")).slice(0, 2000),
        group_key: groupKey(record.values).slice(0, 300),
      };
      if (hadNul) {
        staged.messages = ["This row contains a NUL character: is the file binary data rather than CSV text?"];
      } else if (!result.ok) {
        staged.messages = result.messages;
      } else {
        valid++;
        const { product, domain, keys } = result.value;
        staged.slug = product.slug;
        staged.domain = domain;
        staged.name_key = product.product_name.toLowerCase();
        const earlier = keys.map((key) => firstRowOf.get(key)).find((row) => row !== undefined);
        if (earlier !== undefined) {
          staged.duplicate_of_row = earlier;
          duplicates++;
        } else {
          for (const key of keys) firstRowOf.set(key, record.row);
        }
      }
      batch.push(staged);
      batchChars += chars;
      if (batch.length >= STAGE_BATCH || batchChars >= STAGE_BATCH_CHARS) await flush();
    }
    await flush();
    await writing;
  } catch (error) {
    await (writing as Promise<void> | null)?.catch(() => {}); // (assigned inside flush)
    const message = error instanceof CsvImportError || isBodyRefusal(error) ? bodyRefusalMessage(error as Error) : null;
    await db.delete(catalog_import_rows).where(eq(catalog_import_rows.import_id, id));
    await db
      .update(catalog_imports)
      .set({ state: "failed", error: message ?? "The upload failed: nothing was imported.", file_bytes: Math.min(counter.bytes, 2 ** 31 - 1), finished_at: new Date() })
      .where(eq(catalog_imports.id, id));
    throw error;
  }
  firstRowOf.clear();

  // Fresh statistics, so that the preview's and the job's per-batch statements use the row index.
  await db.execute(sql`analyze catalog_import_rows`);
  // Rows that repeat a product already in the catalogue: the same slug, or the same website domain and name.
  await db.execute(sql`
    update catalog_import_rows r set duplicate_product_id = p.id
    from products p
    where r.import_id = ${id} and r.slug is not null and p.slug = r.slug`);
  await db.execute(sql`
    update catalog_import_rows r set duplicate_product_id = p.id
    from products p
    where r.import_id = ${id} and r.duplicate_product_id is null and r.domain is not null
      and p.website_domain = r.domain and lower(p.product_name) = r.name_key`);
  const counted = await selectRow(
    db,
    z.object({ n: col.int }),
    sql`select count(*)::int as n from catalog_import_rows where import_id = ${id} and duplicate_product_id is not null and duplicate_of_row is null`,
  );
  const inCatalogue = counted?.n ?? 0;

  const warnings = [...(reader.header?.warnings ?? [])];
  if (reader.emptyRows) warnings.push(`${plural(reader.emptyRows, "empty row")} dropped.`);
  const summary: StagedUpload = {
    id,
    rows,
    valid,
    invalid: rows - valid,
    empty: reader.emptyRows,
    duplicates: duplicates + inCatalogue,
    warnings,
  };
  await db
    .update(catalog_imports)
    .set({
      state: "mapping",
      file_bytes: Math.min(counter.bytes, 2 ** 31 - 1),
      rows_total: summary.rows,
      rows_valid: summary.valid,
      rows_invalid: summary.invalid,
      rows_empty: summary.empty,
      rows_duplicate: summary.duplicates,
      warnings,
    })
    .where(eq(catalog_imports.id, id));
  return summary;
}

type StagedRowInsert = Pick<
  typeof catalog_import_rows.$inferInsert,
  "row" | "cells" | "product_name" | "website_url" | "group_key" | "messages" | "slug" | "domain" | "name_key" | "duplicate_of_row"
>;

/**
 * One statement per batch: the rows go as one JSON document, expanded by jsonb_to_recordset (one
 * bound parameter, so no per-row parameters to build, send or parse).
 */
async function insertStagedRows(db: Database, importId: number, rows: StagedRowInsert[]) {
  const document = JSON.stringify(
    rows.map((r) => ({
      row: r.row,
      cells: r.cells,
      product_name: r.product_name ?? "",
      website_url: r.website_url ?? "",
      group_key: r.group_key ?? "",
      messages: r.messages ?? [],
      slug: r.slug ?? null,
      domain: r.domain ?? null,
      name_key: r.name_key ?? null,
      duplicate_of_row: r.duplicate_of_row ?? null,
    })),
  );
  await db.execute(sql`
    insert into catalog_import_rows (import_id, row, cells, product_name, website_url, group_key, messages, slug, domain, name_key, duplicate_of_row)
    select ${importId}, x.row, x.cells, x.product_name, x.website_url, x.group_key, x.messages, x.slug, x.domain, x.name_key, x.duplicate_of_row
    from jsonb_to_recordset(${document}::jsonb) as x(row int, cells jsonb, product_name text, website_url text, group_key text,
      messages jsonb, slug text, domain text, name_key text, duplicate_of_row int)`);
}

/**
 * The body's refusal while streaming (server/body-limit.ts), with its message: 413 past the size
 * cap, 408 when it did not all arrive in time.
 */
export function isBodyRefusal(error: unknown): error is Error & { status: 408 | 413 } {
  const status = error instanceof Error ? (error as { status?: unknown }).status : undefined;
  return status === 408 || status === 413;
}

/** What the admin reads: the upload page's message for a timeout, the error's own otherwise. */
export function bodyRefusalMessage(error: Error): string {
  return isBodyRefusal(error) && error.status === 408 ? UPLOAD_TIMED_OUT_MESSAGE : error.message;
}
