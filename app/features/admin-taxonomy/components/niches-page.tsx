import type { NicheRow, Option } from "../admin-taxonomy";
import { ChecklistDialog } from "./checklist-dialog";
import { LoadFailure, TaxonomyManager } from "./taxonomy-manager";

const NICHE_WARNING =
  "This removes the niche, its links to products and subcategories, and products' first-niche references. It cannot be undone.";

/** The checklist of subcategories that belong to a niche (niche_subcategories), with a filter. */
function NicheSubcategoriesDialog({ niche, options }: { niche: NicheRow; options: Option[] }) {
  return (
    <ChecklistDialog
      rowId={niche.id}
      trigger="Subcategories"
      triggerLabel={`Subcategories of ${niche.name}`}
      title={`Subcategories of ${niche.name}`}
      description="Checked subcategories are listed under this niche on the public pages."
      intent="subcategories"
      field="subcategoryIds"
      legend="Subcategories"
      options={options}
      checked={niche.subcategory_ids}
      empty="No subcategories yet."
      saveLabel="Save subcategories"
      listClassName="max-h-72"
      contentClassName="sm:max-w-lg"
    />
  );
}

export function NichesPage({ niches, subcategories, loadError }: { niches: NicheRow[]; subcategories: Option[]; loadError: string | null }) {
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Manage Niches</h1>
        <p className="text-sm text-muted-foreground">Add, rename, publish or draft niches, and choose the subcategories each one lists.</p>
      </header>
      {loadError ? (
        <LoadFailure message={loadError} />
      ) : (
        <TaxonomyManager
          rows={niches}
          texts={{ noun: "niche", plural: "niches", publicPath: (slug) => `/niche/${slug}` }}
          warning={NICHE_WARNING}
          extraColumn={{ header: "Subcategories", cell: (row) => row.subcategory_ids.length.toLocaleString("en") }}
          rowActions={(row) => <NicheSubcategoriesDialog niche={row} options={subcategories} />}
        />
      )}
    </div>
  );
}
