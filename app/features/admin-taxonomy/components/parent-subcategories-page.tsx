import { useMemo } from "react";
import { useActionData } from "react-router";
import type { ChildOption, ParentSubcategoryRow } from "../admin-taxonomy";
import { ChecklistDialog } from "./checklist-dialog";
import { LoadFailure, TaxonomyManager } from "./taxonomy-manager";
import { NameForm, type ActionAnswer } from "./taxonomy-parts";

const SUBCATEGORY_WARNING =
  "This removes the subcategory, its links to products and niches; its child subcategories become top-level. It cannot be undone.";

/**
 * The children of a parent subcategory (`subcategories.parent_id`): a checklist of every
 * subcategory that is not a parent (checked = a child of this one; the others show the parent
 * they have now, and checking one moves it here), and a field to add a new child by name.
 */
function ChildrenDialog({ parent, options }: { parent: ParentSubcategoryRow; options: ChildOption[] }) {
  // The add-child refusal; the manager's useAnswer has shown it as a toast already.
  const answer = useActionData() as ActionAnswer | undefined;
  // This parent's children first, then the rest by name (the loader's order).
  const ordered = useMemo(() => {
    const children = new Set(parent.child_ids);
    return [...options.filter((o) => children.has(o.id)), ...options.filter((o) => !children.has(o.id))];
  }, [options, parent.child_ids]);
  return (
    <ChecklistDialog
      rowId={parent.id}
      trigger="Children"
      triggerLabel={`Children of ${parent.name}`}
      title={`Children of ${parent.name}`}
      description="The parent's public page also lists its children's products. Unchecking a child makes it a top-level subcategory."
      intent="children"
      field="childIds"
      legend="Child subcategories"
      options={ordered}
      checked={parent.child_ids}
      empty="No subcategories can be children yet: add one above."
      saveLabel="Save children"
      formLabel={`Child subcategories of ${parent.name}`}
      listClassName="max-h-64"
      contentClassName="max-h-[90dvh] overflow-y-auto sm:max-w-lg"
      before={
        <NameForm
          intent="add-child"
          id={parent.id}
          label="New child subcategory"
          fieldId={`child-name-${parent.id}`}
          submitLabel="Add child"
          formLabel={`Add a child subcategory to ${parent.name}`}
          className="flex flex-col gap-2 sm:flex-row sm:items-start"
          variant="outline"
          answer={answer}
        />
      }
      note={(option) =>
        option.parent_id !== null && option.parent_id !== parent.id ? <span className="text-muted-foreground"> (now under {option.parent_name})</span> : null
      }
    />
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
