import { describe, expect, it } from "vitest";
import { keptOn, selectAllState, toggled } from "./selection";

describe("row selection", () => {
  it("checks the select-all box only when every row on the page is checked, and marks a partial selection", () => {
    expect(selectAllState([1, 2, 3], new Set([1, 2, 3]))).toEqual({ all: true, some: false });
    expect(selectAllState([1, 2, 3], new Set([2]))).toEqual({ all: false, some: true });
    expect(selectAllState([1, 2, 3], new Set())).toEqual({ all: false, some: false });
    // An empty page is never "all selected", and ids from another page do not count.
    expect(selectAllState([], new Set([7]))).toEqual({ all: false, some: false });
    expect(selectAllState([1, 2], new Set([7]))).toEqual({ all: false, some: false });
  });

  it("toggles one row without changing the set it was given", () => {
    const before = new Set([1]);
    expect([...toggled(before, 2, true)]).toEqual([1, 2]);
    expect([...toggled(before, 1, false)]).toEqual([]);
    expect([...toggled(before, 1, true)]).toEqual([1]);
    expect([...before]).toEqual([1]);
  });

  it("keeps only the checked rows still listed after a reload", () => {
    expect([...keptOn(new Set([1, 2, 5]), [2, 3, 5])]).toEqual([2, 5]);
    expect([...keptOn(new Set([1]), [])]).toEqual([]);
  });
});
