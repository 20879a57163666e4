import { Form, Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { TableScroller } from "~/components/ui/table-scroller";
import { DISCARDABLE, STATE_LABELS, type ImportSummary } from "../import-types";
import { ActionResult } from "./action-result";

const n = (value: number) => value.toLocaleString("en");

/** /admin/imports: past CSV imports and their outcomes, newest first; an upload not yet imported can be discarded. */
export function ImportsList({ imports, result }: { imports: ImportSummary[]; result: { error?: string; message?: string } | null }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Imports</h1>
        <Link to="/admin/products/new?tab=csv" className={buttonVariants()}>
          Upload a CSV file
        </Link>
      </div>
      <ActionResult result={result} />
      {imports.length === 0 ? (
        <p className="text-sm text-muted-foreground">No CSV imports yet.</p>
      ) : (
        <TableScroller label="Past CSV imports" className="rounded-lg border">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Past CSV imports, newest first</caption>
            <thead className="bg-muted/50 text-xs uppercase text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2">File</th>
                <th scope="col" className="px-3 py-2">Uploaded</th>
                <th scope="col" className="px-3 py-2">Status</th>
                <th scope="col" className="px-3 py-2 text-right">Rows</th>
                <th scope="col" className="px-3 py-2 text-right">Imported</th>
                <th scope="col" className="px-3 py-2 text-right">Rejected</th>
                <th scope="col" className="px-3 py-2">Actions</th>
              </tr>
            </thead>
            <tbody>
              {imports.map((item) => (
                <tr key={item.id} className="border-t align-top">
                  <td className="max-w-[16rem] px-3 py-2">
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
                  </td>
                  <td className="px-3 py-2">
                    {new Date(item.createdAt).toLocaleString("en")}
                    <span className="block text-xs text-muted-foreground">{item.adminEmail}</span>
                  </td>
                  <td className="px-3 py-2">{STATE_LABELS[item.state]}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{n(item.rowsTotal)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{n(item.rowsImported)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{n(item.rowsFailed)}</td>
                  <td className="px-3 py-2">{DISCARDABLE.includes(item.state) ? <DiscardUpload item={item} /> : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
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
