/**
 * Page arithmetic for every paged admin list: how many pages a total makes, which page a request
 * lands on, where its rows start, which rows "Showing x–y" covers and the numbered pager's items.
 * Pure, no app imports; the pagers in `app/components/admin/pager.tsx` and the loaders share it.
 */

/** Pages a total fills; an empty list still has page 1. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** A requested page brought into 1..pageCount (a whole number; anything else is page 1). */
export function clampPage(page: number, pageCount: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, pageCount));
}

export interface PageSlice {
  page: number;
  pageCount: number;
  /** Rows to skip: the SQL offset of the page. */
  offset: number;
}

/** The page a request lands on for this total (a later page shows the last one) and its offset. */
export function pageSlice(total: number, requested: number, pageSize: number): PageSlice {
  const pageCount = pageCountOf(total, pageSize);
  const page = clampPage(requested, pageCount);
  return { page, pageCount, offset: offsetOf(page, pageSize) };
}

/** Rows before the page. */
export function offsetOf(page: number, pageSize: number): number {
  return (Math.max(1, Math.trunc(page)) - 1) * pageSize;
}

/** The 1-based positions of the rows a page shows ("Showing from–to of total"); 0–0 when empty. */
export function shownRange(page: number, pageSize: number, rowsShown: number): { from: number; to: number } {
  const before = offsetOf(page, pageSize);
  return rowsShown ? { from: before + 1, to: before + rowsShown } : { from: 0, to: 0 };
}

export type PageItem = number | "ellipsis-start" | "ellipsis-end";

/** The numbered pager: every page up to 7, else first, last, current ± 1 and ellipses. */
export function paginationItems(current: number, pageCount: number): PageItem[] {
  if (pageCount <= 7) return Array.from({ length: Math.max(0, pageCount) }, (_, i) => i + 1);
  const page = clampPage(current, pageCount);
  const items: PageItem[] = [1];
  const from = Math.max(2, page - 1);
  const to = Math.min(pageCount - 1, page + 1);
  if (from > 2) items.push("ellipsis-start");
  for (let p = from; p <= to; p++) items.push(p);
  if (to < pageCount - 1) items.push("ellipsis-end");
  items.push(pageCount);
  return items;
}

/**
 * A `?page=` value: plain digits (no sign, no leading zero), no more of them than `max` has, read
 * as a page of at most `max` (a hostile value cannot make a query skip billions of rows);
 * anything else, a longer number included, is page 1.
 */
export function pageParam(value: string | null, max: number): number {
  if (!value || value.length > String(max).length || !/^[1-9][0-9]*$/.test(value)) return 1;
  return Math.min(Number(value), max);
}
