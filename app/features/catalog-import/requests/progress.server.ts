/** /admin/imports and /admin/imports/{import}: the list (with Discard), the progress page, and the rejected rows file. */
import { data, redirect } from "react-router";
import { getDb } from "~/db/registry.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { parseForm } from "~/lib/forms";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { TEMPLATE_COLUMNS } from "../csv-format";
import { csvRow } from "~/lib/csv-output";
import { countOutcomes } from "../queries/counts.server";
import { discardListSchema, type ProgressData } from "../catalog-import";
import { cancelImport, discardImport } from "../mutations/lifecycle.server";
import { readRejectedRows, reasonOf } from "../queries/rejected.server";
import { findImport, listImports, summarize, type ImportRecord } from "../queries/summary.server";
import { importPost } from "./import-post.server";

export async function importsListLoader(request: Request, context: unknown) {
  await requireAdmin(request, context);
  const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
  return { imports: await listImports(getDb(), page) };
}

export const DISCARD_REFUSED = "Only an upload awaiting mapping (or expired) can be discarded: this import has started.";

/** Discard, from the list: an upload awaiting mapping (or expired), its staged rows deleted; refused once started. */
export async function importsListAction(request: Request, context: unknown) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request, context);
  const parsed = parseForm(discardListSchema, await request.formData());
  if (!parsed.ok) return data({ error: Object.values(parsed.errors)[0] ?? "Unknown action" }, { status: 400 });
  const db = getDb();
  const record = await findImport(db, String(parsed.data.import));
  if (!(await discardImport(db, admin, record.id))) return data({ error: DISCARD_REFUSED }, { status: 409 });
  return { message: `${record.file_name} discarded` };
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

export async function progressLoader(request: Request, context: unknown, param: string | undefined): Promise<ProgressData> {
  await requireAdmin(request, context);
  const db = getDb();
  const record = await findImport(db, param);
  if (record.state === "mapping") throw redirect(`/admin/products/map-csv/${record.id}`);
  if (record.state === "expired") throw redirect("/admin/imports");
  // The outcome counts once the import has ended (the page reloads every second while it runs).
  const finished = record.state !== "queued" && record.state !== "running";
  return progressOf(record, finished ? await countOutcomes(db, record.id) : null);
}

export async function progressAction(request: Request, context: unknown, param: string | undefined) {
  const { admin, db, record, form } = await importPost(request, context, param);
  if (form.get("intent") !== "cancel") return data({ error: "Unknown action" }, { status: 400 });
  const result = await cancelImport(db, admin, record.id);
  if (!result) return data({ error: "This import has already ended." }, { status: 409 });
  return { message: "Cancelling the import…" };
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
      const rows = await readRejectedRows(db, record.id, lastRow);
      if (!rows.length) {
        controller.close();
        return;
      }
      lastRow = rows.at(-1)!.row;
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
