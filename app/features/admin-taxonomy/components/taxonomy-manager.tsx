import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Form, useActionData, useNavigation, useRevalidator } from "react-router";
import { notify } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { TableScroller } from "~/components/ui/table-scroller";
import { useFormErrors } from "~/lib/use-form-errors";
import { NAME_MAX, nameForm } from "../taxonomy";

export interface ManagedRow {
  id: number;
  name: string;
  slug: string;
  status: "published" | "draft";
  product_count: number;
}

interface ActionAnswer {
  error?: string;
  intent?: string;
  id?: number;
}

export interface TaxonomyTexts {
  /** "niche" or "subcategory": labels and ids. */
  noun: string;
  plural: string;
  /** Public path of a row, for the slug column link. */
  publicPath: (slug: string) => string;
}

/** The refusal the last action answered, shown as a toast once. */
function useAnswer(): ActionAnswer | undefined {
  const answer = useActionData() as ActionAnswer | undefined;
  useEffect(() => {
    if (answer?.error) notify.error(answer.error);
  }, [answer]);
  return answer;
}

/** A dialog form's Cancel and submit buttons; the submit says "Saving..." while the form is sent. */
export function SaveFooter({ busy, label }: { busy: boolean; label: string }) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline">Cancel</Button>
      </DialogClose>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : label}
      </Button>
    </DialogFooter>
  );
}

export function StatusBadge({ status }: { status: "published" | "draft" }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium",
        status === "published"
          ? "border-emerald-600/30 bg-emerald-600/10 text-emerald-800 dark:text-emerald-300"
          : "border-amber-600/30 bg-amber-500/10 text-amber-800 dark:text-amber-300",
      )}
    >
      {status === "published" ? "Published" : "Draft"}
    </span>
  );
}

/** The message with Retry that replaces the table when the rows could not be read. */
export function LoadFailure({ message }: { message: string }) {
  const revalidator = useRevalidator();
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm">
      <p>{message}</p>
      <Button variant="outline" size="sm" onClick={() => void revalidator.revalidate()} disabled={revalidator.state === "loading"}>
        {revalidator.state === "loading" ? "Retrying..." : "Retry"}
      </Button>
    </div>
  );
}

/** The add form: one name, checked in the browser and again by the action. */
export function AddForm({ noun, answer }: { noun: string; answer: ActionAnswer | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const serverErrors = useMemo(() => (answer?.intent === "create" && answer.error ? { name: answer.error } : undefined), [answer]);
  const form = useFormErrors(nameForm, serverErrors);
  const [key, setKey] = useState(0);
  // A successful add comes back as a redirect (no answer): start with an empty field.
  useEffect(() => {
    if (navigation.state === "idle" && !answer) setKey((k) => k + 1);
  }, [navigation.state, answer]);
  const label = `${noun[0]!.toUpperCase()}${noun.slice(1)} name`;
  return (
    <Form
      key={key}
      method="post"
      noValidate
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-start"
      onChange={form.onChange}
      onBlur={form.onBlur}
      onSubmit={form.onSubmit}
      aria-label={`Add ${noun}`}
    >
      <input type="hidden" name="intent" value="create" />
      <FormField
        name="name"
        label={label}
        className="flex flex-1 flex-col gap-1.5"
        maxLength={NAME_MAX}
        autoComplete="off"
        required
        error={form.errors.name}
        errorRole="alert"
      />
      <Button type="submit" className="sm:mt-7" disabled={busy}>
        {busy ? "Adding..." : `Add ${noun}`}
      </Button>
    </Form>
  );
}

function RenameDialog({ row, noun, answer }: { row: ManagedRow; noun: string; answer: ActionAnswer | undefined }) {
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const serverErrors = useMemo(
    () => (answer?.intent === "rename" && answer.id === row.id && answer.error ? { name: answer.error } : undefined),
    [answer, row.id],
  );
  const form = useFormErrors(nameForm, serverErrors);
  useEffect(() => setOpen(false), [row.name]);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Rename ${row.name}`}>
          Rename
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rename {row.name}</DialogTitle>
          <DialogDescription>The slug follows the new name; old links redirect to the new address.</DialogDescription>
        </DialogHeader>
        <Form method="post" noValidate className="flex flex-col gap-4" onChange={form.onChange} onBlur={form.onBlur} onSubmit={form.onSubmit}>
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="id" value={row.id} />
          <FormField
            id={`rename-${noun}-${row.id}`}
            name="name"
            label="New name"
            defaultValue={row.name}
            maxLength={NAME_MAX}
            autoComplete="off"
            required
            error={form.errors.name}
            errorRole="alert"
          />
          <SaveFooter busy={busy} label="Save" />
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({ row, noun, warning }: { row: ManagedRow; noun: string; warning: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="destructive" size="sm" aria-label={`Delete ${row.name}`}>
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            Delete the {noun} {row.name}?
          </DialogTitle>
          <DialogDescription>{warning}</DialogDescription>
        </DialogHeader>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={row.id} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? "Deleting..." : "Delete permanently"}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function StatusToggle({ row }: { row: ManagedRow }) {
  const next = row.status === "published" ? "draft" : "published";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="status" value={next} />
      <Button type="submit" variant="outline" size="sm" aria-label={next === "draft" ? `Move ${row.name} to draft` : `Publish ${row.name}`}>
        {next === "draft" ? "Move to draft" : "Publish"}
      </Button>
    </Form>
  );
}

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
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirmOpen, setConfirmOpen] = useState(false);
  const ids = useMemo(() => rows.map((row) => row.id), [rows]);
  useEffect(() => {
    setSelected((current) => new Set([...current].filter((id) => ids.includes(id))));
    setConfirmOpen(false);
  }, [ids]);
  const count = selected.size;
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="flex flex-col gap-4">
      <AddForm noun={texts.noun} answer={answer} />
      <Form id={BULK_FORM} method="post" className="flex flex-wrap items-center gap-2 rounded-lg border bg-card p-2" aria-label="Bulk actions">
        <input type="hidden" name="intent" value="bulk-delete" />
        <p className="px-2 text-sm text-muted-foreground" aria-live="polite">
          {count ? `${count} selected` : `Select ${texts.plural} to delete several at once`}
        </p>
        <Dialog open={confirmOpen} onOpenChange={setConfirmOpen}>
          <DialogTrigger asChild>
            <Button size="sm" variant="destructive" className="ml-auto" disabled={!count || busy}>
              Delete selected
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>
                Delete {count} {count === 1 ? texts.noun : texts.plural}?
              </DialogTitle>
              <DialogDescription>{warning}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" form={BULK_FORM} variant="destructive" disabled={busy}>
                {busy ? "Deleting..." : "Delete permanently"}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </Form>
      <TableScroller label={`${texts.plural} table`} className="rounded-lg border bg-card">
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">{`All ${texts.plural}`}</caption>
          <thead className="border-b bg-muted/50 text-left text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="w-10 p-3">
                <input
                  type="checkbox"
                  aria-label={`Select all ${texts.plural}`}
                  className="size-4 accent-primary"
                  checked={allSelected}
                  disabled={!ids.length}
                  onChange={(event) => setSelected(event.target.checked ? new Set(ids) : new Set())}
                />
              </th>
              <th scope="col" className="p-3 font-medium">
                Name
              </th>
              <th scope="col" className="p-3 font-medium">
                Status
              </th>
              <th scope="col" className="p-3 text-right font-medium">
                Products
              </th>
              {extraColumn ? (
                <th scope="col" className="p-3 text-right font-medium">
                  {extraColumn.header}
                </th>
              ) : null}
              <th scope="col" className="p-3 font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={extraColumn ? 6 : 5} className="p-6 text-center text-muted-foreground">
                  No {texts.plural} yet.
                </td>
              </tr>
            ) : null}
            {rows.map((row) => (
              <tr key={row.id} className="border-b last:border-0">
                <td className="p-3 align-top">
                  <input
                    type="checkbox"
                    form={BULK_FORM}
                    name="ids"
                    value={row.id}
                    aria-label={`Select ${row.name}`}
                    className="size-4 accent-primary"
                    checked={selected.has(row.id)}
                    onChange={(event) => toggle(row.id, event.target.checked)}
                  />
                </td>
                <td className="p-3 align-top">
                  <div className="font-medium">{row.name}</div>
                  <div className="text-xs text-muted-foreground">{texts.publicPath(row.slug)}</div>
                </td>
                <td className="p-3 align-top">
                  <StatusBadge status={row.status} />
                </td>
                <td className="p-3 text-right align-top tabular-nums">{row.product_count.toLocaleString("en")}</td>
                {extraColumn ? <td className="p-3 text-right align-top tabular-nums">{extraColumn.cell(row)}</td> : null}
                <td className="p-3 align-top">
                  <div className="flex flex-wrap gap-2">
                    <RenameDialog row={row} noun={texts.noun} answer={answer} />
                    <StatusToggle row={row} />
                    {rowActions?.(row)}
                    <DeleteDialog row={row} noun={texts.noun} warning={warning} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </div>
  );
}
