import { describe, expect, it } from "vitest";
import { csvRow, escapeFormula } from "./csv-output";

describe("CSV for download", () => {
  it("escapes cells a spreadsheet would run as a formula", () => {
    for (const cell of ["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx"]) expect(escapeFormula(cell)).toBe(`'${cell}`);
    for (const cell of ["plain", "a=b", "1-2", ""]) expect(escapeFormula(cell)).toBe(cell);
  });

  it("quotes cells with commas, quotes or line breaks, after escaping", () => {
    expect(csvRow(['=HYPERLINK("x")', "a,b", "line\nbreak", 3, null])).toBe(`"'=HYPERLINK(""x"")","a,b","line\nbreak",3,\r\n`);
  });
});
