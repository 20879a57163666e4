import { describe, expect, it } from "vitest";
import { clampPage, offsetOf, pageCountOf, pageParam, pageSlice, paginationItems, shownRange } from "./paging";

describe("page counts and clamping", () => {
  it("gives an empty list one page and rounds a partial page up", () => {
    expect(pageCountOf(0, 20)).toBe(1);
    expect(pageCountOf(20, 20)).toBe(1);
    expect(pageCountOf(21, 20)).toBe(2);
    expect(pageCountOf(-5, 20)).toBe(1);
  });

  it("brings a requested page into 1..pageCount", () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-3, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(2.7, 5)).toBe(2);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
  });

  it("lands a page past the end on the last page, with that page's offset", () => {
    expect(pageSlice(45, 1, 20)).toEqual({ page: 1, pageCount: 3, offset: 0 });
    expect(pageSlice(45, 3, 20)).toEqual({ page: 3, pageCount: 3, offset: 40 });
    expect(pageSlice(45, 99, 20)).toEqual({ page: 3, pageCount: 3, offset: 40 });
    expect(pageSlice(0, 4, 20)).toEqual({ page: 1, pageCount: 1, offset: 0 });
    expect(offsetOf(4, 10)).toBe(30);
  });

  it("says which rows a page shows", () => {
    expect(shownRange(1, 20, 20)).toEqual({ from: 1, to: 20 });
    expect(shownRange(3, 20, 5)).toEqual({ from: 41, to: 45 });
    expect(shownRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe("the numbered pager", () => {
  it("shows every page up to 7, else first, last, current ± 1 and ellipses", () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paginationItems(1, 8)).toEqual([1, 2, "ellipsis-end", 8]);
    expect(paginationItems(3, 8)).toEqual([1, 2, 3, 4, "ellipsis-end", 8]);
    expect(paginationItems(5, 10)).toEqual([1, "ellipsis-start", 4, 5, 6, "ellipsis-end", 10]);
    expect(paginationItems(10, 10)).toEqual([1, "ellipsis-start", 9, 10]);
    expect(paginationItems(50, 10)).toEqual([1, "ellipsis-start", 9, 10]);
  });
});

describe("the page a query string asks for", () => {
  it("reads plain digits up to the maximum, and anything else or longer as page 1", () => {
    expect(pageParam("3", 100)).toBe(3);
    expect(pageParam("500", 100)).toBe(100);
    expect(pageParam("99999", 10_000)).toBe(10_000);
    for (const odd of [null, "", "0", "-3", "1.5", "abc", "03", " 2", "2\u0000", "1e3", "1000", "9".repeat(40)]) expect(pageParam(odd, 100)).toBe(1);
  });
});
