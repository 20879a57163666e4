/** An import's record as the pages show it, the import named in a URL, and the list of past imports. */
import { count, desc, eq, ne } from "drizzle-orm";
import { data } from "react-router";
import type { Database } from "~/db/client.server";
import { catalog_imports } from "~/db/schema";
import { pageSlice } from "~/lib/paging";
import type { ImportsPage, ImportState, ImportSummary } from "../catalog-import";

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

/** Imports on a page of /admin/imports. */
export const IMPORTS_PAGE_SIZE = 50;

/** A page of the past imports, newest first (a discarded upload is gone); a page past the end shows the last. */
export async function listImports(db: Database, requestedPage: number): Promise<ImportsPage> {
  const listed = ne(catalog_imports.state, "discarded");
  const [total] = await db.select({ n: count() }).from(catalog_imports).where(listed);
  const { page, pageCount, offset } = pageSlice(total?.n ?? 0, requestedPage, IMPORTS_PAGE_SIZE);
  const records = await db
    .select()
    .from(catalog_imports)
    .where(listed)
    .orderBy(desc(catalog_imports.created_at), desc(catalog_imports.id))
    .limit(IMPORTS_PAGE_SIZE)
    .offset(offset);
  return { rows: records.map(summarize), page, pageCount };
}
