import { describe, expect, it } from "vitest";
import { monthsFromSearch } from "./months-stepper";

const months = (query: string) => monthsFromSearch(new URLSearchParams(query));

describe("monthsFromSearch: the stepper's plain-form request", () => {
  it("steps from the months the form sent", () => {
    expect(months("months=1&step=more")).toBe(2);
    expect(months("months=5&step=less")).toBe(4);
    expect(months("months=7")).toBe(7);
  });

  it("stays within 1-36 months", () => {
    expect(months("months=36&step=more")).toBe(36);
    expect(months("months=1&step=less")).toBe(1);
    expect(months("months=999")).toBe(36);
    expect(months("months=-4")).toBe(1);
  });

  it("starts at one month for anything else", () => {
    for (const query of ["", "months=abc", "months=2.5&step=more", "months=&step=more", "months=1e400"]) expect(months(query), query).toBe(1);
  });
});
