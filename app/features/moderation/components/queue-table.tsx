import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { notify } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { TableScroller } from "~/components/ui/table-scroller";

const dayFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
export const formatDay = (iso: string) => dayFormat.format(new Date(iso));

/** The refusal an action answered (400/404), as a toast and as text above the table. */
export function useActionError(): string | null {
  const answer = useActionData() as { error?: string } | undefined;
  const error = answer?.error ?? null;
  useEffect(() => {
    if (error) notify.error(error);
  }, [answer, error]);
  return error;
}

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/**
 * The queues' shared table: a checkbox per row (and select all on the page), Delete Selected after
 * a confirmation, and the row's own action buttons. One form posts the checked ids.
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
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirmOpen, setConfirmOpen] = useState(false);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const error = useActionError();
  const pageIds = useMemo(() => rows.map((row) => row.id), [rows]);

  useEffect(() => {
    setSelected(new Set());
    setConfirmOpen(false);
  }, [rows]);

  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const someSelected = !allSelected && pageIds.some((id) => selected.has(id));
  const count = selected.size;
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const formId = `queue-delete-${noun.one}`;

  return (
    <div className="flex flex-col gap-3">
      <Form id={formId} method="post" preventScrollReset className="flex flex-wrap items-center gap-2 rounded-lg border bg-card p-2">
        <p className="px-2 text-sm text-muted-foreground" aria-live="polite">
          {count ? `${count} selected` : `Select ${noun.many} to delete them`}
        </p>
        {[...selected].map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <Dialog open={confirmOpen} onOpenChange={setConfirmOpen}>
          <DialogTrigger asChild>
            <Button size="sm" variant="destructive" className="ml-auto" disabled={!count || busy}>
              Delete Selected
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Delete {count === 1 ? `1 ${noun.one}` : `${count} ${noun.many}`}?</DialogTitle>
              <DialogDescription>This permanently deletes the selected {count === 1 ? noun.one : noun.many}. It cannot be undone.</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" form={formId} name="intent" value="delete" variant="destructive" disabled={busy}>
                {busy ? "Deleting..." : "Delete permanently"}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </Form>
      {error ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:text-red-300">
          {error}
        </p>
      ) : null}
      <TableScroller label={caption} className="rounded-lg border bg-card">
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b bg-muted/50 text-left text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="w-10 p-3">
                <input
                  type="checkbox"
                  aria-label={`Select all ${noun.many} on this page`}
                  className="size-4 accent-primary"
                  checked={allSelected}
                  ref={(box) => {
                    if (box) box.indeterminate = someSelected;
                  }}
                  disabled={!pageIds.length}
                  onChange={(event) => setSelected(event.target.checked ? new Set(pageIds) : new Set())}
                />
              </th>
              {columns.map((column) => (
                <th key={column.header} scope="col" className="p-3 font-medium">
                  {column.header}
                </th>
              ))}
              <th scope="col" className="p-3 text-right font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((row) => (
              <tr key={row.id} className={cn(selected.has(row.id) && "bg-accent/50")}>
                <td className="p-3 align-top">
                  <input
                    type="checkbox"
                    aria-label={`Select ${label(row)}`}
                    className="size-4 accent-primary"
                    checked={selected.has(row.id)}
                    onChange={(event) => toggle(row.id, event.target.checked)}
                  />
                </td>
                {columns.map((column) => (
                  <td key={column.header} className={cn("p-3 align-top", column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
                <td className="p-3 align-top">
                  <div className="flex justify-end gap-1">{actions(row)}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 ? <p className="p-6 text-center text-muted-foreground">{empty}</p> : null}
      </TableScroller>
    </div>
  );
}

const pagerLink =
  "inline-flex h-9 items-center gap-1 rounded-md border px-3 text-sm hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** The spec's pager for the queues: Previous, Next and "Page X of Y" (links: the page is in the URL). */
export function QueuePager({ page, pageCount, label }: { page: number; pageCount: number; label: string }) {
  const href = (n: number) => (n <= 1 ? "?" : `?page=${n}`);
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} className={pagerLink} preventScrollReset>
          <ChevronLeftIcon className="size-4" aria-hidden />
          Previous
        </Link>
      ) : (
        <span aria-disabled="true" className={cn(pagerLink, "pointer-events-none opacity-50")}>
          <ChevronLeftIcon className="size-4" aria-hidden />
          Previous
        </span>
      )}
      <p className="text-sm text-muted-foreground tabular-nums">
        Page {page.toLocaleString("en")} of {pageCount.toLocaleString("en")}
      </p>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={pagerLink} preventScrollReset>
          Next
          <ChevronRightIcon className="size-4" aria-hidden />
        </Link>
      ) : (
        <span aria-disabled="true" className={cn(pagerLink, "pointer-events-none opacity-50")}>
          Next
          <ChevronRightIcon className="size-4" aria-hidden />
        </span>
      )}
    </nav>
  );
}
