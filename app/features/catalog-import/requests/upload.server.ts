/** The bulk upload's routes: the upload, the template, the upload panel's settings, and the newest upload to map (decision 042). */
import { Readable } from "node:stream";
import { and, desc, eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { getDb } from "~/db/registry.server";
import { catalog_imports } from "~/db/schema";
import { requireAdmin } from "~/domain/auth/session.server";
import { duringBulkWork } from "~/lib/bulk-heap.server";
import { env } from "~/lib/env.server";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { CsvImportError } from "../csv-read.server";
import { CSV_MESSAGES, TEMPLATE_COLUMNS, TEMPLATE_EXAMPLE, TEMPLATE_FILE_NAME } from "../csv-format";
import { csvRow } from "~/lib/csv-output";
import { countImportRows } from "../queries/counts.server";
import { bodyRefusalMessage, isBodyRefusal, stageUpload } from "../mutations/staging.server";

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
