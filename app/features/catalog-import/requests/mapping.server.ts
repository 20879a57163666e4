/** /admin/products/map-csv/{import}: the mapping page's loader and its forms (decisions 042, 072, 077). */
import { and, eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { getDb } from "~/db/registry.server";
import { catalog_import_rows, catalog_imports, type ImportMapping, type ImportPlacement } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { requireAdmin } from "~/domain/auth/session.server";
import { parseForm } from "~/lib/forms";
import { PREVIEW_PAGE_SIZE } from "../csv-format";
import { CONFIRM_LIVE_ABOVE, discardSchema, excludeSchema, importableRows, mapAllSchema, mapGroupSchema, type MappingPageData, mapRowSchema, noNicheMessage, PREVIEW_FILTERS, type PreviewFilter, proceedSchema } from "../catalog-import";
import { countImportRows } from "../queries/counts.server";
import { discardImport, startImport } from "../mutations/lifecycle.server";
import { findImport, summarize } from "../queries/summary.server";
import { checkPlacement, choice, placementOptions, readGroups, readPreviewPage } from "../queries/mapping-preview.server";
import { importPost } from "./import-post.server";

export const EXPIRED_MESSAGE = "This upload expired after 24 hours awaiting mapping: upload the file again.";

export async function mappingLoader(request: Request, context: unknown, param: string | undefined): Promise<MappingPageData> {
  await requireAdmin(request, context);
  const db = getDb();
  const record = await findImport(db, param);
  if (record.state !== "mapping") {
    const toList = record.state === "expired" || (record.state === "failed" && !record.started_at);
    throw redirect(toList ? "/admin/imports" : `/admin/imports/${record.id}`);
  }
  const url = new URL(request.url);
  const filterParam = url.searchParams.get("filter") ?? "all";
  const filter: PreviewFilter = (PREVIEW_FILTERS as readonly string[]).includes(filterParam) ? (filterParam as PreviewFilter) : "all";
  const pageParam = Number(url.searchParams.get("page") ?? "1");
  const mapping: ImportMapping = record.mapping ?? {};

  const options = await placementOptions(db);
  const nicheName = new Map(options.niches.map((n) => [n.id, n.name]));
  const subName = new Map(options.subcategories.map((s) => [s.id, s.name]));
  const label = (p: ImportPlacement) => {
    const niche = nicheName.get(p.nicheId) ?? "(deleted niche)";
    return p.subcategoryId ? `${niche} / ${subName.get(p.subcategoryId) ?? "(deleted subcategory)"}` : niche;
  };
  const { groups, notShown } = await readGroups(db, record.id, mapping);
  const counts = await countImportRows(db, record.id, mapping);
  const matching = filter === "all" ? counts.total : counts[filter === "no-niche" ? "noNiche" : filter];
  const pages = Math.max(1, Math.ceil(matching / PREVIEW_PAGE_SIZE));
  const page = Number.isSafeInteger(pageParam) && pageParam >= 1 ? Math.min(pageParam, pages) : 1;
  const rows = await readPreviewPage(db, record.id, mapping, filter, page, label);
  return {
    summary: summarize(record),
    niches: options.niches,
    subcategories: options.subcategories,
    all: choice(mapping.all),
    groups,
    groupsNotShown: notShown,
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

export async function mappingAction(request: Request, context: unknown, param: string | undefined) {
  const { admin, db, record, form } = await importPost(request, context, param);
  const intent = String(form.get("intent") ?? "");
  if (record.state === "expired") return data<MappingActionResult>({ error: EXPIRED_MESSAGE }, { status: 409 });
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
    case "map-row":
    case "exclude":
    case "include": {
      const parsed = intent === "map-row" ? parseForm(mapRowSchema, form) : parseForm(excludeSchema, form);
      if (!parsed.ok) return invalid(Object.values(parsed.errors)[0] ?? "Check the form");
      const change = parsed.data;
      let set: { mapping: ImportPlacement | null } | { excluded: boolean };
      if (change.intent === "map-row") {
        const placement = await checkPlacement(db, change.niche, change.subcategory);
        if (typeof placement === "string") return invalid(placement);
        set = { mapping: placement };
      } else set = { excluded: change.intent === "exclude" };
      const updated = await db.transaction(async (tx) => {
        const rows = await tx
          .update(catalog_import_rows)
          .set(set)
          .where(and(eq(catalog_import_rows.import_id, record.id), eq(catalog_import_rows.row, change.row)))
          .returning({ row: catalog_import_rows.row });
        if (!rows.length) return 0;
        if ("mapping" in set) await audit(tx, "import.map", { [`row:${change.row}`]: set.mapping });
        else await audit(tx, set.excluded ? "import.exclude" : "import.include", { row: change.row });
        return rows.length;
      });
      if (!updated) throw data({ error: "Row not found" }, { status: 404 });
      const message = change.intent === "map-row" ? `Row ${change.row} mapped` : `Row ${change.row} ${change.intent === "exclude" ? "excluded" : "included"}`;
      return { message } satisfies MappingActionResult;
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
