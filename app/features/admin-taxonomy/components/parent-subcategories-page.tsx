import type { ParentSubcategoryRow } from "../taxonomy";
import { LoadFailure, TaxonomyManager } from "./taxonomy-manager";

const SUBCATEGORY_WARNING =
  "This removes the subcategory, its links to products and niches; its child subcategories become top-level. It cannot be undone.";

export function ParentSubcategoriesPage({ subcategories, loadError }: { subcategories: ParentSubcategoryRow[]; loadError: string | null }) {
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Manage Parent Subcategories</h1>
        <p className="text-sm text-muted-foreground">Add, rename, publish or draft the parent subcategories shown on the public pages.</p>
      </header>
      {loadError ? (
        <LoadFailure message={loadError} />
      ) : (
        <TaxonomyManager
          rows={subcategories}
          texts={{ noun: "subcategory", plural: "subcategories", publicPath: (slug) => `/parent-subcategory/${slug}` }}
          warning={SUBCATEGORY_WARNING}
          extraColumn={{ header: "Children", cell: (row) => row.child_count.toLocaleString("en") }}
        />
      )}
    </div>
  );
}
