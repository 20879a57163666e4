import { useEffect, useMemo, useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { useFormErrors } from "~/lib/use-form-errors";
import { NAME_MAX, nameForm, type ChildOption, type ParentSubcategoryRow } from "../taxonomy";
import { LoadFailure, SaveFooter, TaxonomyManager } from "./taxonomy-manager";

const SUBCATEGORY_WARNING =
  "This removes the subcategory, its links to products and niches; its child subcategories become top-level. It cannot be undone.";

interface ActionAnswer {
  error?: string;
  intent?: string;
  id?: number;
}

/** A new child subcategory by name: checked in the browser and again by the action. */
function AddChildForm({ parent }: { parent: ParentSubcategoryRow }) {
  const answer = useActionData() as ActionAnswer | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-child";
  const serverErrors = useMemo(
    () => (answer?.intent === "add-child" && answer.id === parent.id && answer.error ? { name: answer.error } : undefined),
    [answer, parent.id],
  );
  const form = useFormErrors(nameForm, serverErrors);
  return (
    <Form
      method="post"
      noValidate
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
      onChange={form.onChange}
      onBlur={form.onBlur}
      onSubmit={form.onSubmit}
      aria-label={`Add a child subcategory to ${parent.name}`}
    >
      <input type="hidden" name="intent" value="add-child" />
      <input type="hidden" name="id" value={parent.id} />
      <FormField
        id={`child-name-${parent.id}`}
        name="name"
        label="New child subcategory"
        className="flex flex-1 flex-col gap-1.5"
        maxLength={NAME_MAX}
        autoComplete="off"
        required
        error={form.errors.name}
        errorRole="alert"
      />
      <Button type="submit" variant="outline" className="sm:mt-7" disabled={busy}>
        {busy ? "Adding..." : "Add child"}
      </Button>
    </Form>
  );
}

/**
 * The children of a parent subcategory (`subcategories.parent_id`): a checklist of every
 * subcategory that is not a parent (checked = a child of this one; the others show the parent
 * they have now, and checking one moves it here), and a field to add a new child by name.
 */
function ChildrenDialog({ parent, options }: { parent: ParentSubcategoryRow; options: ChildOption[] }) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState("");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "children";
  const children = useMemo(() => new Set(parent.child_ids), [parent.child_ids]);
  // Saved (or a child added): the list changed, so the dialog's work is done.
  useEffect(() => setOpen(false), [parent.child_ids]);
  const needle = filter.trim().toLowerCase();
  // This parent's children first, then the rest by name (the loader's order).
  const ordered = useMemo(
    () => [...options.filter((o) => children.has(o.id)), ...options.filter((o) => !children.has(o.id))],
    [options, children],
  );
  const listId = `children-${parent.id}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Children of ${parent.name}`}>
          Children
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Children of {parent.name}</DialogTitle>
          <DialogDescription>
            The parent&apos;s public page also lists its children&apos;s products. Unchecking a child makes it a top-level subcategory.
          </DialogDescription>
        </DialogHeader>
        <AddChildForm parent={parent} />
        <Form method="post" className="flex min-h-0 flex-col gap-3" aria-label={`Child subcategories of ${parent.name}`}>
          <input type="hidden" name="intent" value="children" />
          <input type="hidden" name="id" value={parent.id} />
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Filter subcategories
            <Input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} autoComplete="off" aria-controls={listId} />
          </label>
          <fieldset id={listId} className="max-h-64 overflow-y-auto rounded-md border p-2">
            <legend className="sr-only">Child subcategories</legend>
            {ordered.length === 0 ? (
              <p className="p-2 text-sm text-muted-foreground">No subcategories can be children yet: add one above.</p>
            ) : null}
            {ordered.map((option) => (
              <label
                key={option.id}
                className="flex items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-accent"
                hidden={needle !== "" && !option.name.toLowerCase().includes(needle)}
              >
                <input type="checkbox" name="childIds" value={option.id} defaultChecked={children.has(option.id)} className="size-4 shrink-0 accent-primary" />
                <span className="min-w-0 break-words">
                  {option.name}
                  {option.parent_id !== null && option.parent_id !== parent.id ? (
                    <span className="text-muted-foreground"> (now under {option.parent_name})</span>
                  ) : null}
                </span>
              </label>
            ))}
          </fieldset>
          <SaveFooter busy={busy} label="Save children" />
        </Form>
      </DialogContent>
    </Dialog>
  );
}

export function ParentSubcategoriesPage({
  subcategories,
  childOptions,
  loadError,
}: {
  subcategories: ParentSubcategoryRow[];
  childOptions: ChildOption[];
  loadError: string | null;
}) {
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Manage Parent Subcategories</h1>
        <p className="text-sm text-muted-foreground">
          Add, rename, publish or draft the parent subcategories shown on the public pages, and choose each one&apos;s children.
        </p>
      </header>
      {loadError ? (
        <LoadFailure message={loadError} />
      ) : (
        <TaxonomyManager
          rows={subcategories}
          texts={{ noun: "subcategory", plural: "subcategories", publicPath: (slug) => `/parent-subcategory/${slug}` }}
          warning={SUBCATEGORY_WARNING}
          extraColumn={{ header: "Children", cell: (row) => row.child_count.toLocaleString("en") }}
          rowActions={(row) => <ChildrenDialog parent={row} options={childOptions} />}
        />
      )}
    </div>
  );
}
