import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";

/** One field of a change: its name, the value before and the value after. */
export interface ChangeRow {
  field: string;
  label: ReactNode;
  before: ReactNode;
  after: ReactNode;
}

/**
 * A field-by-field change (a revision's diff, an audit entry's before and after): three columns
 * at full width, fixed layout, so it never scrolls sideways (no region, no tab stop). The headers
 * and the caption are the screen's own.
 */
export function ChangesTable({
  caption,
  headers,
  rows,
  headClassName,
  afterClassName,
}: {
  caption: string;
  headers: readonly [field: string, before: string, after: string];
  rows: readonly ChangeRow[];
  headClassName?: string;
  /** Marks the new values (the proposal of a revision). */
  afterClassName?: string;
}) {
  return (
    <table className="w-full table-fixed border-collapse text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <colgroup>
        <col className="w-24 sm:w-36" />
        <col />
        <col />
      </colgroup>
      <thead className={headClassName}>
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col" className="p-2 font-semibold">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y">
        {rows.map((row) => (
          <tr key={row.field} className="align-top">
            <th scope="row" className="p-2 font-medium [overflow-wrap:anywhere]">
              {row.label}
            </th>
            <td className="p-2">{row.before}</td>
            <td className={cn("p-2", afterClassName)}>{row.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A stored value as text: "(empty)", a list joined by commas, a string as written, else its JSON. */
export function FieldValue({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) {
    return <span className="text-muted-foreground italic">(empty)</span>;
  }
  if (typeof value === "string") return <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">{value}</span>;
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) {
    return <span className="[overflow-wrap:anywhere]">{value.join(", ")}</span>;
  }
  if (typeof value === "number" || typeof value === "boolean") return <span>{String(value)}</span>;
  return <code className="text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">{JSON.stringify(value)}</code>;
}
