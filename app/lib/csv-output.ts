/**
 * Writing CSV for download: RFC 4180 quoting, and cells a spreadsheet would run as a formula escaped.
 * The one CSV writer: the import template and rejected rows, and the feedback reports export.
 */

/** A cell starting with =, +, -, @, tab or CR gets a leading apostrophe so spreadsheets show it as text. */
export function escapeFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** RFC 4180 quoting after the formula escape. */
export function csvCell(value: string | number | null | undefined): string {
  const cell = escapeFormula(value == null ? "" : String(value));
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export function csvRow(cells: (string | number | null | undefined)[]): string {
  return cells.map(csvCell).join(",") + "\r\n";
}
