import type { Option, PlacementChoice } from "../import-types";

const selectClass =
  "h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:w-56";

/** A niche and a subcategory select; an empty niche keeps the file's own values. */
export function PlacementFields({
  idPrefix,
  niches,
  subcategories,
  choice,
  keepLabel = "Keep the file's niche",
  labelSuffix = "",
}: {
  idPrefix: string;
  niches: Option[];
  subcategories: Option[];
  choice: PlacementChoice | null;
  keepLabel?: string;
  labelSuffix?: string;
}) {
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${idPrefix}-niche`} className="text-xs font-medium text-muted-foreground">
          Niche{labelSuffix}
        </label>
        <select id={`${idPrefix}-niche`} name="niche" defaultValue={choice?.nicheId ?? ""} className={selectClass}>
          <option value="">{keepLabel}</option>
          {niches.map((n) => (
            <option key={n.id} value={n.id}>
              {n.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${idPrefix}-sub`} className="text-xs font-medium text-muted-foreground">
          Subcategory{labelSuffix}
        </label>
        <select id={`${idPrefix}-sub`} name="subcategory" defaultValue={choice?.subcategoryId ?? ""} className={selectClass}>
          <option value="">None</option>
          {subcategories.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
