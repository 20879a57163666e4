import { describe, expect, it } from "vitest";
import { isCsvFile } from "./components/csv-upload-panel";
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

describe("the drop area's file check", () => {
  it("takes a .csv name or a CSV type, as the server does", () => {
    expect(isCsvFile({ name: "Products.CSV", type: "" })).toBe(true);
    expect(isCsvFile({ name: "export", type: "text/csv" })).toBe(true);
    expect(isCsvFile({ name: "products.xlsx", type: "application/vnd.ms-excel" })).toBe(false);
    expect(isCsvFile({ name: "notes.txt", type: "text/plain" })).toBe(false);
  });
});
