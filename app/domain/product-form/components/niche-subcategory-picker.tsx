import { useId } from "react";
import { cn } from "~/components/ui/cn";
import type { TaxonomyOptions } from "../taxonomy";
import { useControllable } from "./use-controllable";

export interface NicheSelection {
  /** Niche ids in the order chosen (the first is the product's main niche). */
  niches: number[];
  subcategories: number[];
}

export interface NicheSubcategoryPickerProps {
  options: TaxonomyOptions;
  value?: NicheSelection;
  defaultValue?: NicheSelection;
  onChange?: (selection: NicheSelection) => void;
  /** Niches shown checked, disabled and labelled "(locked)"; they still post (hidden inputs). */
  lockedNicheIds?: number[];
  nicheError?: string;
  subcategoryError?: string;
  /** Default `selectedCategories` and `selectedSubcategories` (the spec's field names). */
  nicheName?: string;
  subcategoryName?: string;
  nicheLegend?: React.ReactNode;
  subcategoryLegend?: React.ReactNode;
  disabled?: boolean;
}

const EMPTY: NicheSelection = { niches: [], subcategories: [] };

/** The subcategories of the chosen niches, plus chosen ones linked to none (so they can be unchecked). */
export function visibleSubcategories(options: TaxonomyOptions, selection: NicheSelection) {
  return options.subcategories.filter(
    (sub) => sub.nicheIds.some((id) => selection.niches.includes(id)) || selection.subcategories.includes(sub.id),
  );
}

/**
 * Niches and subcategories as two groups of checkboxes. Subcategories show for the chosen niches
 * (a niche's subcategories go when it is unchosen). Posts `selectedCategories` and
 * `selectedSubcategories`, repeated. Controlled (`value`/`onChange`) or not (`defaultValue`).
 */
export function NicheSubcategoryPicker({
  options,
  value,
  defaultValue = EMPTY,
  onChange,
  lockedNicheIds = [],
  nicheError,
  subcategoryError,
  nicheName = "selectedCategories",
  subcategoryName = "selectedSubcategories",
  nicheLegend = "Niches*",
  subcategoryLegend = "Subcategories",
  disabled,
}: NicheSubcategoryPickerProps) {
  const [selection, setSelection] = useControllable(value, mergeLocked(defaultValue, lockedNicheIds), onChange);
  const id = useId().replace(/:/g, "");
  const shown = visibleSubcategories(options, selection);

  function toggleNiche(nicheId: number, checked: boolean) {
    const niches = checked ? [...selection.niches.filter((n) => n !== nicheId), nicheId] : selection.niches.filter((n) => n !== nicheId);
    // A subcategory stays chosen while one of its niches is (or when it belongs to none offered).
    const subcategories = selection.subcategories.filter((subId) => {
      const sub = options.subcategories.find((item) => item.id === subId);
      return !sub || !sub.nicheIds.length || sub.nicheIds.some((n) => niches.includes(n));
    });
    setSelection({ niches, subcategories });
  }

  function toggleSubcategory(subId: number, checked: boolean) {
    const subcategories = checked ? [...selection.subcategories.filter((s) => s !== subId), subId] : selection.subcategories.filter((s) => s !== subId);
    setSelection({ ...selection, subcategories });
  }

  const box = "size-4 shrink-0 accent-primary";
  const row = "flex min-h-9 items-center gap-2 rounded-md px-2 text-sm hover:bg-accent/60";

  return (
    <div className="flex flex-col gap-6">
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={nicheError ? `${id}-niches-error` : undefined}
        aria-invalid={nicheError ? true : undefined}
      >
        <legend className="mb-2 text-sm font-medium">{nicheLegend}</legend>
        {options.niches.length ? (
          <div className="grid grid-cols-1 gap-1 sm:grid-cols-2 lg:grid-cols-3">
            {options.niches.map((niche) => {
              const locked = lockedNicheIds.includes(niche.id);
              const checked = locked || selection.niches.includes(niche.id);
              return (
                <label key={niche.id} className={cn(row, locked && "opacity-80")}>
                  <input
                    type="checkbox"
                    className={box}
                    name={locked ? undefined : nicheName}
                    value={niche.id}
                    checked={checked}
                    disabled={disabled || locked}
                    onChange={(event) => toggleNiche(niche.id, event.currentTarget.checked)}
                  />
                  <span>
                    {niche.name}
                    {locked ? <span className="text-muted-foreground"> (locked)</span> : null}
                    {niche.status === "draft" ? <span className="text-muted-foreground"> (draft)</span> : null}
                  </span>
                  {locked ? <input type="hidden" name={nicheName} value={niche.id} /> : null}
                </label>
              );
            })}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No niches available.</p>
        )}
        {nicheError ? (
          <p id={`${id}-niches-error`} role="alert" className="text-sm text-destructive">
            {nicheError}
          </p>
        ) : null}
      </fieldset>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={subcategoryError ? `${id}-subcategories-error` : undefined}
        aria-invalid={subcategoryError ? true : undefined}
      >
        <legend className="mb-2 text-sm font-medium">{subcategoryLegend}</legend>
        {!selection.niches.length && !shown.length ? (
          <p className="text-sm text-muted-foreground">Select a niche to see its subcategories.</p>
        ) : shown.length ? (
          <div className="grid grid-cols-1 gap-1 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((sub) => (
              <label key={sub.id} className={row}>
                <input
                  type="checkbox"
                  className={box}
                  name={subcategoryName}
                  value={sub.id}
                  checked={selection.subcategories.includes(sub.id)}
                  disabled={disabled}
                  onChange={(event) => toggleSubcategory(sub.id, event.currentTarget.checked)}
                />
                <span>{sub.name}</span>
              </label>
            ))}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No subcategories available for the selected criteria.</p>
        )}
        {subcategoryError ? (
          <p id={`${id}-subcategories-error`} role="alert" className="text-sm text-destructive">
            {subcategoryError}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}

function mergeLocked(selection: NicheSelection, locked: number[]): NicheSelection {
  const missing = locked.filter((id) => !selection.niches.includes(id));
  return missing.length ? { ...selection, niches: [...missing, ...selection.niches] } : selection;
}
