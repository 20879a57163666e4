import { useEffect, useRef, useState } from "react";
import type { Option, PlacementChoice, SubcategoryChoice } from "../catalog-import";

const selectClass =
  "h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:w-56";

/**
 * A niche and a subcategory select; an empty niche keeps the file's own values. The subcategory
 * select lists the chosen niche's subcategories only (issue 36, item 10): drawn by the server for
 * the saved niche, and following the niche select once hydrated. The server refuses any other.
 */
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
  subcategories: SubcategoryChoice[];
  choice: PlacementChoice | null;
  keepLabel?: string;
  labelSuffix?: string;
}) {
  const [niche, setNiche] = useState<number | null>(choice?.nicheId ?? null);
  const nicheSelect = useRef<HTMLSelectElement>(null);
  // A niche chosen before hydration is kept (the DOM's value wins over the server's default).
  useEffect(() => {
    const value = nicheSelect.current?.value;
    if (value !== undefined) setNiche(value ? Number(value) : null);
  }, []);
  const offered = niche === null ? [] : subcategories.filter((s) => s.nicheIds.includes(niche));
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${idPrefix}-niche`} className="text-xs font-medium text-muted-foreground">
          Niche{labelSuffix}
        </label>
        <select
          ref={nicheSelect}
          id={`${idPrefix}-niche`}
          name="niche"
          defaultValue={choice?.nicheId ?? ""}
          onChange={(event) => setNiche(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
          className={selectClass}
        >
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
        {/* Drawn afresh for each niche, so that a subcategory of another niche is never left chosen. */}
        <select
          key={niche ?? "none"}
          id={`${idPrefix}-sub`}
          name="subcategory"
          defaultValue={niche === choice?.nicheId ? (choice?.subcategoryId ?? "") : ""}
          className={selectClass}
        >
          <option value="">None</option>
          {offered.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
