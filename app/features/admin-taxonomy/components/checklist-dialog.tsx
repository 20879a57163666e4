import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { SaveFooter } from "./taxonomy-parts";

export interface ChecklistOption {
  id: number;
  name: string;
}

/**
 * A row's membership as a dialog: a checklist of options (checked = a member) with a filter by
 * name, posted as `intent`, `id` and one `field` per checked option. It closes once the list it
 * was opened for has changed (saved). `before` sits above the list (the add-a-child form).
 */
export function ChecklistDialog<O extends ChecklistOption>({
  rowId,
  trigger,
  triggerLabel,
  title,
  description,
  intent,
  field,
  legend,
  options,
  checked,
  empty,
  saveLabel,
  formLabel,
  listClassName,
  contentClassName,
  before,
  note,
}: {
  rowId: number;
  trigger: string;
  triggerLabel: string;
  title: string;
  description: ReactNode;
  intent: string;
  field: string;
  legend: string;
  options: readonly O[];
  /** The ids checked now; a new list (after a save) closes the dialog. */
  checked: readonly number[];
  empty: string;
  saveLabel: string;
  formLabel?: string;
  listClassName: string;
  contentClassName: string;
  before?: ReactNode;
  /** Shown after an option's name (where it is now). */
  note?: (option: O) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState("");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const members = useMemo(() => new Set(checked), [checked]);
  useEffect(() => setOpen(false), [checked]);
  const needle = filter.trim().toLowerCase();
  const listId = `${intent}-${rowId}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={triggerLabel}>
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent className={contentClassName}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {before}
        <Form method="post" className="flex min-h-0 flex-col gap-3" aria-label={formLabel}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={rowId} />
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Filter subcategories
            <Input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} autoComplete="off" aria-controls={listId} />
          </label>
          <fieldset id={listId} className={`${listClassName} overflow-y-auto rounded-md border p-2`}>
            <legend className="sr-only">{legend}</legend>
            {options.length === 0 ? <p className="p-2 text-sm text-muted-foreground">{empty}</p> : null}
            {options.map((option) => (
              <label
                key={option.id}
                className="flex items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-accent"
                hidden={needle !== "" && !option.name.toLowerCase().includes(needle)}
              >
                <input type="checkbox" name={field} value={option.id} defaultChecked={members.has(option.id)} className="size-4 shrink-0 accent-primary" />
                <span className="min-w-0 break-words">
                  {option.name}
                  {note?.(option)}
                </span>
              </label>
            ))}
          </fieldset>
          <SaveFooter busy={busy} label={saveLabel} />
        </Form>
      </DialogContent>
    </Dialog>
  );
}
