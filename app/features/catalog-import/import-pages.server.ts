/** The bulk upload's routes, kept thin: each calls one of these (decision 042). */
import { Readable } from "node:stream";
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { data, redirect } from "react-router";
import { queryRows, type Database } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
import { catalog_import_rows, catalog_imports, niches, subcategories, type ImportMapping, type ImportPlacement } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/audit/audit.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { duringBulkWork } from "~/lib/bulk-heap.server";
import { env } from "~/lib/env.server";
import { parseForm } from "~/lib/forms";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { getJobQueue } from "~/lib/jobs/job-queue";
import { CsvImportError } from "./csv-read.server";
import { CSV_MESSAGES, PREVIEW_PAGE_SIZE, TEMPLATE_COLUMNS, TEMPLATE_EXAMPLE, TEMPLATE_FILE_NAME } from "./csv-format";
import { csvRow } from "./csv-output";
import { CONFIRM_LIVE_ABOVE, importableRows, noNicheMessage } from "./import-counts";
import { countImportRows, countOutcomes, rowClass } from "./import-counts.server";
import { discardSchema, excludeSchema, mapAllSchema, mapGroupSchema, mapRowSchema, PREVIEW_FILTERS, proceedSchema, type PreviewFilter } from "./import-forms";
import { IMPORT_QUEUE, type ImportJobData } from "./import-job.server";
import { bodyRefusalMessage, isBodyRefusal, stageUpload } from "./import-staging.server";
import type { ImportGroup, ImportState, ImportSummary, MappingPageData, Option, PlacementChoice, PreviewRow, ProgressData } from "./import-types";

type ImportRecord = typeof catalog_imports.$inferSelect;

function summarize(r: ImportRecord): ImportSummary {
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
async function findImport(db: Database, param: string | undefined): Promise<ImportRecord> {
  if (!param || !/^\d{1,9}$/.test(param)) throw data({ error: "Import not found" }, { status: 404 });
  const [record] = await db.select().from(catalog_imports).where(eq(catalog_imports.id, Number(param)));
  if (!record || record.state === "discarded") throw data({ error: "Import not found" }, { status: 404 });
  return record;
}

// ---------------------------------------------------------------------------------------------
// Upload and template

function fileNameOf(request: Request): string | undefined {
  const raw = request.headers.get("x-file-name") ?? new URL(request.url).searchParams.get("name");
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** POST /admin/products/upload-csv: the file as the raw body (Content-Type text/csv, X-File-Name). */
export async function uploadCsvAction(request: Request, context: unknown) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request, context);
  if (request.method !== "POST") throw data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  const fileName = fileNameOf(request);
  const contentType = request.headers.get("content-type") ?? undefined;
  if (!fileName || /^multipart\//i.test(contentType ?? "")) {
    return Response.json({ error: CSV_MESSAGES.notCsv }, { status: 400 });
  }
  if (!request.body) return Response.json({ error: CSV_MESSAGES.noData }, { status: 400 });
  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
  try {
    const db = getDb();
    const staged = await duringBulkWork(() => stageUpload(db, admin, source, { fileName, contentType, signal: request.signal }));
    // The counts the mapping page will show for the same rows (nothing mapped yet).
    const counts = await countImportRows(db, staged.id, {});
    return Response.json({ ...staged, counts, mapUrl: `/admin/products/map-csv/${staged.id}` }, { status: 201 });
  } catch (error) {
    if (isBodyRefusal(error)) return Response.json({ error: bodyRefusalMessage(error) }, { status: error.status });
    if (error instanceof CsvImportError) {
      return Response.json({ error: error.message }, { status: 400 });
    }
    throw error;
  } finally {
    source.destroy();
  }
}

export async function templateCsvLoader(request: Request, context: unknown) {
  await requireAdmin(request, context);
  const body = csvRow(TEMPLATE_COLUMNS) + csvRow(TEMPLATE_COLUMNS.map((c) => TEMPLATE_EXAMPLE[c]));
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${TEMPLATE_FILE_NAME}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** The upload panel's settings. */
export function uploadLimits() {
  return { maxBytes: env().MAX_CSV_UPLOAD_BYTES };
}

// ---------------------------------------------------------------------------------------------
// Mapping

/** /admin/products/map-csv: the newest import awaiting mapping, or the upload tab. */
export async function mapCsvIndexLoader(request: Request, context: unknown) {
  const admin = await requireAdmin(request, context);
  const [newest] = await getDb()
    .select({ id: catalog_imports.id })
    .from(catalog_imports)
    .where(and(eq(catalog_imports.state, "mapping"), eq(catalog_imports.admin_id, admin.id)))
    .orderBy(desc(catalog_imports.created_at), desc(catalog_imports.id))
    .limit(1);
  throw redirect(newest ? `/admin/products/map-csv/${newest.id}` : "/admin/products/new?tab=csv");
}

const choice = (p: ImportPlacement | null | undefined): PlacementChoice => ({ nicheId: p?.nicheId ?? null, subcategoryId: p?.subcategoryId ?? null });

function filterCondition(filter: PreviewFilter, mapping: ImportMapping): SQL {
  return filter === "all" ? sql`true` : rowClass(filter === "no-niche" ? "noNiche" : filter, mapping);
}

export async function mappingLoader(request: Request, context: unknown, param: string | undefined): Promise<MappingPageData> {
  await requireAdmin(request, context);
  const db = getDb();
  const record = await findImport(db, param);
  if (record.state !== "mapping") {
    throw redirect(record.state === "failed" && !record.started_at ? "/admin/imports" : `/admin/imports/${record.id}`);
  }
  const url = new URL(request.url);
  const filterParam = url.searchParams.get("filter") ?? "all";
  const filter: PreviewFilter = (PREVIEW_FILTERS as readonly string[]).includes(filterParam) ? (filterParam as PreviewFilter) : "all";
  const pageParam = Number(url.searchParams.get("page") ?? "1");
  const mapping: ImportMapping = record.mapping ?? {};

  const [nicheList, subList] = await Promise.all([
    db.select({ id: niches.id, name: niches.name }).from(niches).orderBy(asc(niches.name)),
    db.select({ id: subcategories.id, name: subcategories.name }).from(subcategories).where(eq(subcategories.is_parent, true)).orderBy(asc(subcategories.name)),
  ]);
  const nicheName = new Map(nicheList.map((n) => [n.id, n.name]));
  const subName = new Map(subList.map((s) => [s.id, s.name]));

  const GROUP_LIMIT = 100;
  const groupRows = await queryRows<{ key: string; niche: string; subcategory: string; rows: number }>(
    db,
    sql`select group_key as key, min(cells->>'niche') as niche, min(cells->>'subcategory') as subcategory, count(*)::int as rows
        from catalog_import_rows where import_id = ${record.id} and group_key <> ''
        group by group_key order by count(*) desc, group_key limit ${GROUP_LIMIT + 1}`,
  );
  const groups: ImportGroup[] = groupRows.slice(0, GROUP_LIMIT).map((g) => ({
    key: g.key,
    niche: (g.niche ?? "").trim(),
    subcategory: (g.subcategory ?? "").trim(),
    rows: g.rows,
    choice: choice(mapping.groups?.[g.key]),
  }));

  const counts = await countImportRows(db, record.id, mapping);
  const matching = filter === "all" ? counts.total : counts[filter === "no-niche" ? "noNiche" : filter];
  const pages = Math.max(1, Math.ceil(matching / PREVIEW_PAGE_SIZE));
  const page = Number.isSafeInteger(pageParam) && pageParam >= 1 ? Math.min(pageParam, pages) : 1;
  const pageRows = await queryRows<{
    row: number;
    product_name: string;
    website_url: string;
    group_key: string;
    niche: string | null;
    subcategory: string | null;
    messages: string[];
    duplicate_of_row: number | null;
    duplicate_product_id: number | null;
    duplicate_name: string | null;
    excluded: boolean;
    mapping: ImportPlacement | null;
  }>(
    db,
    sql`select r.row, r.product_name, r.website_url, r.group_key, r.cells->>'niche' as niche, r.cells->>'subcategory' as subcategory,
               r.messages, r.duplicate_of_row, r.duplicate_product_id, p.product_name as duplicate_name, r.excluded, r.mapping
        from catalog_import_rows r left join products p on p.id = r.duplicate_product_id
        where r.import_id = ${record.id} and ${filterCondition(filter, mapping)}
        order by r.row limit ${PREVIEW_PAGE_SIZE} offset ${(page - 1) * PREVIEW_PAGE_SIZE}`,
  );
  const label = (p: ImportPlacement) => {
    const niche = nicheName.get(p.nicheId) ?? "(deleted niche)";
    return p.subcategoryId ? `${niche} / ${subName.get(p.subcategoryId) ?? "(deleted subcategory)"}` : niche;
  };
  const rows: PreviewRow[] = pageRows.map((r) => {
    const chosen = r.mapping ?? (r.group_key ? mapping.groups?.[r.group_key] : undefined) ?? mapping.all ?? null;
    const fileNiche = (r.niche ?? "").trim();
    const fileSub = (r.subcategory ?? "").trim();
    const placement = chosen ? label(chosen) : fileNiche ? `${fileNiche}${fileSub ? ` / ${fileSub}` : ""} (from the file)` : "No niche";
    const problems = [...r.messages];
    if (r.duplicate_of_row !== null) problems.push(`Duplicate of row ${r.duplicate_of_row} in this file`);
    if (r.duplicate_product_id !== null) problems.push(`Already in the catalogue${r.duplicate_name ? `: ${r.duplicate_name}` : ""}`);
    return {
      needsNiche: !chosen && !fileNiche,
      row: r.row,
      productName: r.product_name,
      websiteUrl: r.website_url,
      placement,
      choice: r.mapping ? choice(r.mapping) : null,
      problems,
      excluded: r.excluded,
    };
  });
  return {
    summary: summarize(record),
    niches: nicheList satisfies Option[],
    subcategories: subList satisfies Option[],
    all: choice(mapping.all),
    groups,
    groupsNotShown: Math.max(0, groupRows.length - GROUP_LIMIT),
    rows,
    filter,
    page,
    pages,
    matching,
    counts,
  };
}

export interface MappingActionResult {
  error?: string;
  message?: string;
  /** Importing many rows live: the server asks first (works before hydration), then a second button confirms. */
  confirm?: { status: "live"; count: number };
}

async function checkPlacement(db: Database, niche: number | null, subcategory: number | null): Promise<ImportPlacement | null | string> {
  if (niche === null) return subcategory === null ? null : "Choose a niche for the subcategory";
  const [found] = await db.select({ id: niches.id }).from(niches).where(eq(niches.id, niche));
  if (!found) return "That niche no longer exists";
  if (subcategory !== null) {
    const [sub] = await db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.id, subcategory));
    if (!sub) return "That subcategory no longer exists";
  }
  return { nicheId: niche, subcategoryId: subcategory };
}

export async function mappingAction(request: Request, context: unknown, param: string | undefined) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request, context);
  const db = getDb();
  const record = await findImport(db, param);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (record.state !== "mapping") {
    return data<MappingActionResult>({ error: "This import has already started: its mapping can no longer change." }, { status: 409 });
  }
  const invalid = (error: string) => data<MappingActionResult>({ error }, { status: 400 });
  const audit = (tx: Parameters<typeof recordAudit>[0], action: string, changes: Record<string, unknown>) =>
    recordAudit(tx, admin, { action, entityType: "import", entityId: record.id, summary: record.file_name, changes });

  switch (intent) {
    case "map-all":
    case "map-group": {
      const parsed = intent === "map-all" ? parseForm(mapAllSchema, form) : parseForm(mapGroupSchema, form);
      if (!parsed.ok) return invalid(Object.values(parsed.errors)[0] ?? "Check the form");
      const placement = await checkPlacement(db, parsed.data.niche, parsed.data.subcategory);
      if (typeof placement === "string") return invalid(placement);
      await db.transaction(async (tx) => {
        const [current] = await tx.select({ mapping: catalog_imports.mapping }).from(catalog_imports).where(eq(catalog_imports.id, record.id)).for("update");
        const mapping: ImportMapping = { ...(current?.mapping ?? {}) };
        if (parsed.data.intent === "map-all") mapping.all = placement;
        else {
          const groups = { ...(mapping.groups ?? {}) };
          if (placement) groups[parsed.data.group] = placement;
          else delete groups[parsed.data.group];
          mapping.groups = groups;
        }
        await tx.update(catalog_imports).set({ mapping }).where(eq(catalog_imports.id, record.id));
        await audit(tx, "import.map", { [parsed.data.intent === "map-all" ? "all" : `group:${parsed.data.group}`]: placement });
      });
      return { message: "Mapping saved" } satisfies MappingActionResult;
    }
    case "map-row": {
      const parsed = parseForm(mapRowSchema, form);
      if (!parsed.ok) return invalid(Object.values(parsed.errors)[0] ?? "Check the form");
      const placement = await checkPlacement(db, parsed.data.niche, parsed.data.subcategory);
      if (typeof placement === "string") return invalid(placement);
      const updated = await db.transaction(async (tx) => {
        const rows = await tx
          .update(catalog_import_rows)
          .set({ mapping: placement })
          .where(and(eq(catalog_import_rows.import_id, record.id), eq(catalog_import_rows.row, parsed.data.row)))
          .returning({ row: catalog_import_rows.row });
        if (rows.length) await audit(tx, "import.map", { [`row:${parsed.data.row}`]: placement });
        return rows.length;
      });
      if (!updated) throw data({ error: "Row not found" }, { status: 404 });
      return { message: `Row ${parsed.data.row} mapped` } satisfies MappingActionResult;
    }
    case "exclude":
    case "include": {
      const parsed = parseForm(excludeSchema, form);
      if (!parsed.ok) return invalid(Object.values(parsed.errors)[0] ?? "Check the form");
      const excluded = parsed.data.intent === "exclude";
      const updated = await db.transaction(async (tx) => {
        const rows = await tx
          .update(catalog_import_rows)
          .set({ excluded })
          .where(and(eq(catalog_import_rows.import_id, record.id), eq(catalog_import_rows.row, parsed.data.row)))
          .returning({ row: catalog_import_rows.row });
        if (rows.length) await audit(tx, excluded ? "import.exclude" : "import.include", { row: parsed.data.row });
        return rows.length;
      });
      if (!updated) throw data({ error: "Row not found" }, { status: 404 });
      return { message: excluded ? `Row ${parsed.data.row} excluded` : `Row ${parsed.data.row} included` } satisfies MappingActionResult;
    }
    case "discard": {
      if (!parseForm(discardSchema, form).ok) return invalid("Unknown action");
      await discardImport(db, admin, record.id);
      throw redirect("/admin/products/new?tab=csv");
    }
    case "proceed": {
      const parsed = parseForm(proceedSchema, form);
      if (!parsed.ok) return invalid(Object.values(parsed.errors)[0] ?? "Check the form");
      const { status, confirmed } = parsed.data;
      const counts = await countImportRows(db, record.id, record.mapping ?? {});
      if (status === "live" && counts.noNiche > 0) return invalid(noNicheMessage(counts.noNiche));
      const count = importableRows(counts);
      if (count === 0) return invalid("No row is ready to import.");
      if (status === "live" && count > CONFIRM_LIVE_ABOVE && confirmed !== "yes") {
        return { confirm: { status, count } } satisfies MappingActionResult;
      }
      const started = await startImport(db, admin, record.id, status);
      if (started !== true) return invalid(started);
      throw redirect(`/admin/imports/${record.id}`);
    }
    default:
      return invalid("Unknown action");
  }
}

/** Drops an import that was never started, with its staged rows. */
export async function discardImport(db: Database, admin: Actor, importId: number) {
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(catalog_imports)
      .set({ state: "discarded", finished_at: new Date() })
      .where(and(eq(catalog_imports.id, importId), eq(catalog_imports.state, "mapping")))
      .returning({ id: catalog_imports.id, file_name: catalog_imports.file_name });
    if (!done) return;
    await tx.delete(catalog_import_rows).where(eq(catalog_import_rows.import_id, importId));
    await recordAudit(tx, admin, { action: "import.discard", entityType: "import", entityId: importId, summary: done.file_name });
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
    const mapping = locked.mapping ?? {};
    const counts = await countImportRows(tx, importId, mapping);
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

// ---------------------------------------------------------------------------------------------
// Progress, list, rejected rows

export async function importsListLoader(request: Request, context: unknown) {
  await requireAdmin(request, context);
  const records = await getDb()
    .select()
    .from(catalog_imports)
    .where(sql`${catalog_imports.state} <> 'discarded'`)
    .orderBy(desc(catalog_imports.created_at), desc(catalog_imports.id))
    .limit(50);
  return { imports: records.map(summarize) };
}

function progressOf(record: ImportRecord, outcomes: ProgressData["outcomes"]): ProgressData {
  const summary = summarize(record);
  const end = record.finished_at ?? new Date();
  const elapsed = record.started_at ? Math.max(0.001, (end.getTime() - record.started_at.getTime()) / 1000) : null;
  const rate = elapsed && record.rows_done > 0 ? record.rows_done / elapsed : null;
  const total = record.rows_total;
  const secondsLeft = rate && record.state === "running" ? Math.max(0, (total - record.rows_done) / rate) : null;
  const rejected = outcomes ? outcomes.duplicates + outcomes.problems + outcomes.excluded : 0;
  return { summary, rate, secondsLeft, elapsedSeconds: elapsed, outcomes, rejected };
}

/**
 * Rows not imported, each with its reason: duplicates, with problems (invalid, refused) and
 * excluded, as the mapping page promises. Rows a cancelled import never reached that would have
 * been skipped are listed too.
 */
const rejectedCondition = sql`(outcome in ('invalid', 'failed', 'duplicate', 'excluded') or (outcome is null and (excluded or jsonb_array_length(messages) > 0 or duplicate_of_row is not null or duplicate_product_id is not null)))`;

export async function progressLoader(request: Request, context: unknown, param: string | undefined): Promise<ProgressData> {
  await requireAdmin(request, context);
  const db = getDb();
  const record = await findImport(db, param);
  if (record.state === "mapping") throw redirect(`/admin/products/map-csv/${record.id}`);
  // The outcome counts once the import has ended (the page reloads every second while it runs).
  const finished = record.state !== "queued" && record.state !== "running";
  return progressOf(record, finished ? await countOutcomes(db, record.id) : null);
}

export async function progressAction(request: Request, context: unknown, param: string | undefined) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request, context);
  const db = getDb();
  const record = await findImport(db, param);
  const form = await request.formData();
  if (form.get("intent") !== "cancel") return data({ error: "Unknown action" }, { status: 400 });
  const result = await cancelImport(db, admin, record.id);
  if (!result) return data({ error: "This import has already ended." }, { status: 409 });
  return { message: "Cancelling the import…" };
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

export async function rejectedCsvLoader(request: Request, context: unknown, param: string | undefined) {
  await requireAdmin(request, context);
  const db = getDb();
  const record = await findImport(db, param);
  const columns = TEMPLATE_COLUMNS;
  let lastRow = 0;
  let headerSent = false;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode("\uFEFF" + csvRow([...columns, "source_row", "reason"])));
        return;
      }
      const rows = await queryRows<{
        row: number;
        cells: Record<string, string>;
        outcome: string | null;
        outcome_message: string | null;
        messages: string[];
        duplicate_of_row: number | null;
        duplicate_product_id: number | null;
        excluded: boolean;
      }>(
        db,
        sql`select row, cells, outcome, outcome_message, messages, duplicate_of_row, duplicate_product_id, excluded from catalog_import_rows
            where import_id = ${record.id} and row > ${lastRow} and ${rejectedCondition} order by row limit 1000`,
      );
      if (!rows.length) {
        controller.close();
        return;
      }
      lastRow = rows.at(-1)!.row;
      const reasonOf = (r: (typeof rows)[number]) =>
        r.outcome_message ??
        (r.excluded
          ? "Excluded before the import"
          : r.messages.length
          ? r.messages.join("; ")
          : r.duplicate_of_row !== null
            ? `Repeats row ${r.duplicate_of_row} of the file`
            : "Already in the catalogue");
      controller.enqueue(encoder.encode(rows.map((r) => csvRow([...columns.map((c) => r.cells[c] ?? ""), r.row, reasonOf(r)])).join("")));
    },
  });
  const base = record.file_name.replace(/\.csv$/i, "").replace(/[^\w.-]+/g, "_").slice(0, 80) || "import";
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${base}-rejected.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
