import { Form, Link, useNavigation } from "react-router";
import { DataTable, type Column } from "~/components/admin/data-table";
import { Pager } from "~/components/admin/pager";
import { Button, buttonVariants } from "~/components/ui/button";
import { DISCARDABLE, STATE_LABELS, type ImportsPage, type ImportSummary } from "../catalog-import";
import { ActionResult } from "./action-result";

const n = (value: number) => value.toLocaleString("en");

const COLUMNS: Column<ImportSummary>[] = [
  {
    header: "File",
    className: "max-w-[16rem]",
    cell: (item) => (
      <>
        {item.state === "expired" ? (
          <span className="block truncate font-medium">{item.fileName}</span>
        ) : (
          <Link
            to={item.state === "mapping" ? `/admin/products/map-csv/${item.id}` : `/admin/imports/${item.id}`}
            className="block truncate font-medium text-primary underline-offset-4 hover:underline"
          >
            {item.fileName}
          </Link>
        )}
        {item.error ? <span className="block text-xs text-destructive dark:text-red-300">{item.error}</span> : null}
      </>
    ),
  },
  {
    header: "Uploaded",
    cell: (item) => (
      <>
        {new Date(item.createdAt).toLocaleString("en")}
        <span className="block text-xs text-muted-foreground">{item.adminEmail}</span>
      </>
    ),
  },
  { header: "Status", cell: (item) => STATE_LABELS[item.state] },
  { header: "Rows", className: "text-right tabular-nums", headerClassName: "text-right", cell: (item) => n(item.rowsTotal) },
  { header: "Imported", className: "text-right tabular-nums", headerClassName: "text-right", cell: (item) => n(item.rowsImported) },
  { header: "Rejected", className: "text-right tabular-nums", headerClassName: "text-right", cell: (item) => n(item.rowsFailed) },
  { header: "Actions", cell: (item) => (DISCARDABLE.includes(item.state) ? <DiscardUpload item={item} /> : null) },
];

/** /admin/imports: past CSV imports and their outcomes, newest first; an upload not yet imported can be discarded. */
export function ImportsList({ imports, result }: { imports: ImportsPage; result: { error?: string; message?: string } | null }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Imports</h1>
        <Link to="/admin/products/new?tab=csv" className={buttonVariants()}>
          Upload a CSV file
        </Link>
      </div>
      <ActionResult result={result} />
      <DataTable rows={imports.rows} columns={COLUMNS} caption="Past CSV imports, newest first" label="Past CSV imports" empty="No CSV imports yet." />
      <Pager page={imports.page} pageCount={imports.pageCount} label="Import pages" href={(page) => (page > 1 ? `/admin/imports?page=${page}` : "/admin/imports")} />
    </div>
  );
}

/** Discard asks first: the disclosure holds the confirming form (works without JavaScript). */
function DiscardUpload({ item }: { item: ImportSummary }) {
  const submitting = useNavigation().state === "submitting";
  return (
    <details>
      <summary className="cursor-pointer text-sm text-primary underline-offset-4 hover:underline">
        Discard<span className="sr-only"> {item.fileName}</span>
      </summary>
      <Form method="post" className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="discard" />
        <input type="hidden" name="import" value={item.id} />
        <p className="max-w-[16rem] text-xs text-muted-foreground">
          Its {n(item.rowsTotal)} staged {item.rowsTotal === 1 ? "row is" : "rows are"} deleted; nothing was imported.
        </p>
        <Button type="submit" size="sm" variant="destructive" disabled={submitting}>
          Discard upload<span className="sr-only"> {item.fileName}</span>
        </Button>
      </Form>
    </details>
  );
}
