import { useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { DataTable, SelectionCount, bulkBarClass, type Column } from "~/components/admin/data-table";
import { useRowSelection } from "~/components/admin/selection";
import { Button } from "~/components/ui/button";
import { DeleteDialog, RenameDialog, StatusToggle } from "./taxonomy-row-actions";
import { AddForm, StatusBadge, useAnswer, type ManagedRow, type TaxonomyTexts } from "./taxonomy-parts";

export { LoadFailure, SaveFooter, type ManagedRow, type TaxonomyTexts } from "./taxonomy-parts";

const BULK_FORM = "taxonomy-bulk";

/**
 * The add form, the table (select, name and slug, status, products, actions) and bulk delete.
 * Every write is a plain form post answered by a redirect with a toast.
 */
export function TaxonomyManager<R extends ManagedRow>({
  rows,
  texts,
  warning,
  extraColumn,
  rowActions,
}: {
  rows: R[];
  texts: TaxonomyTexts;
  /** What deleting removes, for the confirmations. */
  warning: string;
  extraColumn?: { header: string; cell: (row: R) => ReactNode };
  rowActions?: (row: R) => ReactNode;
}) {
  const answer = useAnswer();
  const busy = useNavigation().state === "submitting";
  const [confirmOpen, setConfirmOpen] = useState(false);
  // A reload after a write keeps the rows still listed checked.
  const selection = useRowSelection(rows, { keep: true, onReset: () => setConfirmOpen(false) });
  const count = selection.count;
  const number = "text-right tabular-nums";
  const columns: Column<R>[] = [
    {
      header: "Name",
      cell: (row) => (
        <>
          <div className="font-medium">{row.name}</div>
          <div className="text-xs text-muted-foreground">{texts.publicPath(row.slug)}</div>
        </>
      ),
    },
    { header: "Status", cell: (row) => <StatusBadge status={row.status} /> },
    { header: "Products", className: number, headerClassName: "text-right", cell: (row) => row.product_count.toLocaleString("en") },
    ...(extraColumn ? [{ header: extraColumn.header, className: number, headerClassName: "text-right", cell: extraColumn.cell }] : []),
    {
      header: "Actions",
      cell: (row) => (
        <div className="flex flex-wrap gap-2">
          <RenameDialog row={row} noun={texts.noun} answer={answer} />
          <StatusToggle row={row} />
          {rowActions?.(row)}
          <DeleteDialog row={row} noun={texts.noun} warning={warning} />
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <AddForm noun={texts.noun} answer={answer} />
      <Form id={BULK_FORM} method="post" className={bulkBarClass} aria-label="Bulk actions">
        <input type="hidden" name="intent" value="bulk-delete" />
        <SelectionCount count={count} hint={`Select ${texts.plural} to delete several at once`} />
        <ConfirmDialog
          open={confirmOpen}
          onOpenChange={setConfirmOpen}
          trigger={
            <Button size="sm" variant="destructive" className="ml-auto" disabled={!count || busy}>
              Delete selected
            </Button>
          }
          title={`Delete ${count} ${count === 1 ? texts.noun : texts.plural}?`}
          description={warning}
          confirm={{ label: "Delete permanently", busyLabel: "Deleting...", busy, form: BULK_FORM }}
        />
      </Form>
      <DataTable
        rows={rows}
        columns={columns}
        caption={`All ${texts.plural}`}
        label={`${texts.plural} table`}
        empty={`No ${texts.plural} yet.`}
        select={{ state: selection, label: (row) => row.name, allLabel: `Select all ${texts.plural}`, name: "ids", form: BULK_FORM }}
      />
    </div>
  );
}
