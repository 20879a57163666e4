import { useEffect, useMemo, useState } from "react";

/** What the select-all box shows for a page of ids and the ids checked. */
export function selectAllState(pageIds: readonly number[], selected: ReadonlySet<number>): { all: boolean; some: boolean } {
  const all = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  return { all, some: !all && pageIds.some((id) => selected.has(id)) };
}

/** The set with `id` checked or unchecked (a new set: React state). */
export function toggled(selected: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(selected);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** The checked ids that are still on the page after it was read again. */
export function keptOn(selected: ReadonlySet<number>, pageIds: readonly number[]): Set<number> {
  const onPage = new Set(pageIds);
  return new Set([...selected].filter((id) => onPage.has(id)));
}

export interface RowSelection {
  selected: ReadonlySet<number>;
  count: number;
  all: boolean;
  some: boolean;
  pageIds: readonly number[];
  has: (id: number) => boolean;
  toggle: (id: number, on: boolean) => void;
  setAll: (on: boolean) => void;
}

/**
 * Row selection for a table of rows with numeric ids. Fresh rows (another page, or this one read
 * again after an action) start with nothing checked; with `keep`, the ids still on the page stay
 * checked (a list that shows every row, where a reload only drops the deleted ones).
 * `onReset` runs then too (to close a confirmation left open).
 */
export function useRowSelection(rows: readonly { id: number }[], options: { keep?: boolean; onReset?: () => void } = {}): RowSelection {
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const pageIds = useMemo(() => rows.map((row) => row.id), [rows]);
  const { keep = false, onReset } = options;
  useEffect(() => {
    setSelected((current) => (keep ? keptOn(current, pageIds) : new Set()));
    onReset?.();
    // onReset is a fresh closure each render: the reset belongs to new rows only.
  }, [pageIds, keep]);
  const { all, some } = selectAllState(pageIds, selected);
  return {
    selected,
    count: selected.size,
    all,
    some,
    pageIds,
    has: (id) => selected.has(id),
    toggle: (id, on) => setSelected((current) => toggled(current, id, on)),
    setAll: (on) => setSelected(on ? new Set(pageIds) : new Set()),
  };
}
