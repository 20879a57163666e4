import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";
import { TableScroller } from "~/components/ui/table-scroller";
import type { RowSelection } from "./selection";

export interface Column<T> {
  /** The column header's text; also the column's key. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes of the column's cells (`text-right`, `whitespace-nowrap`, a max width). */
  className?: string;
  headerClassName?: string;
}

export interface SelectColumn<T> {
  state: RowSelection;
  /** The row's name in its checkbox's accessible name ("Select {name}"). */
  label: (row: T) => string;
  /** The select-all box's accessible name ("Select all products on this page"). */
  allLabel: string;
  /** With a name, the checked boxes post their ids (`ids`) with the form they belong to. */
  name?: string;
  /** The id of the form the boxes belong to when the table is outside it. */
  form?: string;
}

const tableClasses = {
  head: "border-b bg-muted/50 text-left text-xs text-muted-foreground uppercase",
  th: "p-3 font-medium",
  td: "p-3 align-top",
};

/**
 * The admin data table: a named horizontal scroller (decision 066), an sr-only caption, a header
 * row, one row per item, the message when there are none and, with `select`, a checkbox per row
 * and a select-all box for the page (indeterminate when some are checked).
 */
export function DataTable<T extends { id: number | string }>({
  rows,
  columns,
  caption,
  label,
  minWidth = "min-w-[40rem]",
  empty,
  select,
  rowAttributes,
  framed = true,
  className,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  /** The table's caption (read by screen readers); the scroller's name unless `label` is given. */
  caption: string;
  label?: string;
  minWidth?: string;
  /** Shown under the header when there are no rows. */
  empty?: ReactNode;
  select?: SelectColumn<T & { id: number }>;
  rowAttributes?: (row: T) => Record<`data-${string}`, string | number>;
  /** Border and card colour around the table; off inside a card that has its own. */
  framed?: boolean;
  className?: string;
}) {
  const selection = select?.state;
  return (
    <TableScroller label={label ?? caption} className={cn(framed && "rounded-lg border bg-card", className)}>
      <table className={cn("w-full text-sm", minWidth)}>
        <caption className="sr-only">{caption}</caption>
        <thead className={tableClasses.head}>
          <tr>
            {select && selection ? (
              <th scope="col" className="w-10 p-3">
                <input
                  type="checkbox"
                  aria-label={select.allLabel}
                  className="size-4 accent-primary"
                  checked={selection.all}
                  ref={(box) => {
                    if (box) box.indeterminate = selection.some;
                  }}
                  disabled={!selection.pageIds.length}
                  onChange={(event) => selection.setAll(event.target.checked)}
                />
              </th>
            ) : null}
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cn(tableClasses.th, column.headerClassName)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((row) => {
            const id = row.id;
            const checked = typeof id === "number" && selection ? selection.has(id) : false;
            return (
              <tr key={id} className={checked ? "bg-accent/50" : undefined} {...rowAttributes?.(row)}>
                {select && selection && typeof id === "number" ? (
                  <td className={tableClasses.td}>
                    <input
                      type="checkbox"
                      name={select.name}
                      value={select.name ? id : undefined}
                      form={select.form}
                      aria-label={`Select ${select.label(row as T & { id: number })}`}
                      className="size-4 accent-primary"
                      checked={checked}
                      onChange={(event) => selection.toggle(id, event.target.checked)}
                    />
                  </td>
                ) : null}
                {columns.map((column) => (
                  <td key={column.header} className={cn(tableClasses.td, column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.length === 0 && empty ? <p className="p-6 text-center text-muted-foreground">{empty}</p> : null}
    </TableScroller>
  );
}

/** The bulk-action bar's classes and its live count ("3 selected", or what to do when none are). */
export const bulkBarClass = "flex flex-wrap items-center gap-2 rounded-lg border bg-card p-2";

export function SelectionCount({ count, hint }: { count: number; hint: string }) {
  return (
    <p className="px-2 text-sm text-muted-foreground" aria-live="polite">
      {count ? `${count} selected` : hint}
    </p>
  );
}
