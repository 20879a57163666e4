/** An import's record as the pages show it, and the import named in a URL. */
import { eq } from "drizzle-orm";
import { data } from "react-router";
import type { Database } from "~/db/client.server";
import { catalog_imports } from "~/db/schema";
import type { ImportState, ImportSummary } from "./import-types";

export type ImportRecord = typeof catalog_imports.$inferSelect;

export function summarize(r: ImportRecord): ImportSummary {
  return {
    id: r.id,
    fileName: r.file_name,
    fileBytes: r.file_bytes,
    state: r.state as ImportState,
    error: r.error,
    adminEmail: r.admin_email,
    productStatus: r.product_status === "draft" ? "draft" : "live",
    rowsTotal: r.rows_total,
    rowsValid: r.rows_valid,
    rowsInvalid: r.rows_invalid,
    rowsEmpty: r.rows_empty,
    rowsDuplicate: r.rows_duplicate,
    rowsToImport: r.rows_to_import,
    rowsDone: r.rows_done,
    rowsImported: r.rows_imported,
    rowsSkipped: r.rows_skipped,
    rowsFailed: r.rows_failed,
    warnings: r.warnings,
    createdAt: r.created_at.toISOString(),
    startedAt: r.started_at?.toISOString() ?? null,
    finishedAt: r.finished_at?.toISOString() ?? null,
  };
}

/** The import named in the URL, or 404 (ids that are not integers included). */
export async function findImport(db: Database, param: string | undefined): Promise<ImportRecord> {
  if (!param || !/^\d{1,9}$/.test(param)) throw data({ error: "Import not found" }, { status: 404 });
  const [record] = await db.select().from(catalog_imports).where(eq(catalog_imports.id, Number(param)));
  if (!record || record.state === "discarded") throw data({ error: "Import not found" }, { status: 404 });
  return record;
}
