import type { ReactNode, SelectHTMLAttributes } from "react";
import { cn } from "~/components/ui/cn";

export const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:text-sm";

export interface SelectOption {
  id: number | string;
  name: string;
}

/**
 * A native select of options (a filter, a niche, a subcategory): `first` is the option for "no
 * choice" (value ""), e.g. "All niches". Native, so a form posts it before the JavaScript loads.
 */
export function OptionSelect({ options, first, className, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { options: readonly SelectOption[]; first?: string }) {
  return (
    <select {...props} className={cn(selectClass, className)}>
      {first === undefined ? null : <option value="">{first}</option>}
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </select>
  );
}

/** A labelled field of the filter forms; the control gets the label's id. */
export function Field({ id, label, children }: { id: string; label: string; children: (id: string) => ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children(id)}
    </div>
  );
}
