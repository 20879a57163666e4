/** What an import (or a dry run) found: the summary the command line and the admin upload show. */
export interface RowError {
  row: number;
  messages: string[];
}

export interface ImportReport {
  dryRun: boolean;
  interrupted: boolean;
  /** Data rows in the file, empty rows not included. */
  rows: number;
  emptyRows: number;
  validRows: number;
  imported: number;
  /** Rows already in the catalogue (same slug, or same website domain and name), or repeated in the file. */
  skippedDuplicates: number;
  duplicatesInFile: number;
  invalidRows: number;
  errors: RowError[];
  errorsNotListed: number;
  rowNumbering: string;
  /** Imported rows (valid rows on a dry run) whose pricing was not a known value and became free. */
  pricingMappedToFree: number;
  /** Imported rows (valid rows on a dry run) that had more than 10 topics: the first 10 were kept. */
  tagsTruncated: number;
  warnings: string[];
  createdNiches: number;
  createdSubcategories: number;
  durationMs: number;
}

export function newReport(dryRun: boolean): ImportReport {
  return {
    dryRun,
    interrupted: false,
    rows: 0,
    emptyRows: 0,
    validRows: 0,
    imported: 0,
    skippedDuplicates: 0,
    duplicatesInFile: 0,
    invalidRows: 0,
    errors: [],
    errorsNotListed: 0,
    rowNumbering: "Row numbers count the header as row 1, as a spreadsheet shows them.",
    pricingMappedToFree: 0,
    tagsTruncated: 0,
    warnings: [],
    createdNiches: 0,
    createdSubcategories: 0,
    durationMs: 0,
  };
}

export function addError(report: ImportReport, error: RowError, max: number) {
  if (report.errors.length < max) report.errors.push(error);
  else report.errorsNotListed++;
}

export const plural = (n: number, word: string) => `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;
