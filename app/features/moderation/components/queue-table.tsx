import { useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { ActionErrorNote, useActionError } from "~/components/admin/action-error";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { bulkBarClass, DataTable, SelectionCount, type Column } from "~/components/admin/data-table";
import { Pager } from "~/components/admin/pager";
import { useRowSelection } from "~/components/admin/selection";
import { Button } from "~/components/ui/button";
import type { QueuePage } from "../moderation";

const dayFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
export const formatDay = (iso: string) => dayFormat.format(new Date(iso));

/**
 * The queues' shared table (the admin kit's): a checkbox per row (and select all on the page),
 * Delete Selected after a confirmation, and the row's own action buttons. The checked boxes post
 * their ids with the bulk form, so Delete Selected works before the page is hydrated too.
 */
export function QueueTable<T extends { id: number }>({
  rows,
  columns,
  caption,
  label,
  noun,
  empty,
  actions,
}: {
  rows: T[];
  columns: Column<T>[];
  caption: string;
  /** The row's name for the checkbox's accessible name. */
  label: (row: T) => string;
  noun: { one: string; many: string };
  empty: string;
  actions: (row: T) => ReactNode;
}) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const selection = useRowSelection(rows, { onReset: () => setConfirmOpen(false) });
  const busy = useNavigation().state === "submitting";
  const error = useActionError();
  const count = selection.count;
  const formId = `queue-delete-${noun.one}`;

  return (
    <div className="flex flex-col gap-3">
      <Form id={formId} method="post" preventScrollReset className={bulkBarClass}>
        <SelectionCount count={count} hint={`Select ${noun.many} to delete them`} />
        <ConfirmDialog
          open={confirmOpen}
          onOpenChange={setConfirmOpen}
          trigger={
            <Button size="sm" variant="destructive" className="ml-auto" disabled={!count || busy}>
              Delete Selected
            </Button>
          }
          title={`Delete ${count === 1 ? `1 ${noun.one}` : `${count} ${noun.many}`}?`}
          description={`This permanently deletes the selected ${count === 1 ? noun.one : noun.many}. It cannot be undone.`}
          confirm={{ label: "Delete permanently", busyLabel: "Deleting...", busy, name: "intent", value: "delete", form: formId }}
        />
      </Form>
      <ActionErrorNote error={error} />
      <DataTable
        rows={rows}
        caption={caption}
        empty={empty}
        select={{ state: selection, label, allLabel: `Select all ${noun.many} on this page`, name: "ids", form: formId }}
        columns={[
          ...columns,
          { header: "Actions", headerClassName: "text-right", cell: (row) => <div className="flex justify-end gap-1">{actions(row)}</div> },
        ]}
      />
    </div>
  );
}

/**
 * A queue's screen: its heading and summary, the table, and the spec's pager, always shown
 * (Previous, "Page X of Y", Next; links: the page is in the URL).
 */
export function QueueScreen<T>({ title, summary, list, pagerLabel, children }: { title: string; summary: string; list: QueuePage<T>; pagerLabel: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{summary}</p>
      </div>
      {children}
      <Pager steady page={list.page} pageCount={list.pageCount} label={pagerLabel} href={(n) => (n <= 1 ? "?" : `?page=${n}`)} />
    </div>
  );
}
