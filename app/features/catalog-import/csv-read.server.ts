import type { Readable } from "node:stream";
import { CsvSyntaxError, CsvTokenizer, type CsvTokenRecord } from "./csv-tokenizer";
import { CSV_MESSAGES, OPTIONAL_COLUMNS, REQUIRED_COLUMNS, type CsvColumn } from "./csv-format";

export { CSV_MESSAGES, OPTIONAL_COLUMNS, REQUIRED_COLUMNS, type CsvColumn } from "./csv-format";

/** A record (one row, all its cells) larger than this is refused: a runaway cell or a quote never closed. */
export const MAX_RECORD_BYTES = 1024 * 1024;

export type CsvImportErrorCode =
  | "not-csv"
  | "encoding"
  | "parse"
  | "header"
  | "no-data"
  | "no-valid-data"
  | "changed"
  | "database"
  | "interrupted";

/** A problem with the whole file (or the database under it): nothing, or nothing more, is written. */
export class CsvImportError extends Error {
  constructor(
    readonly code: CsvImportErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "CsvImportError";
  }
}

const KNOWN = new Set<string>([...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]);

export interface CsvHeader {
  columns: Map<CsvColumn, number>;
  width: number;
  warnings: string[];
}

export interface CsvRecord {
  /** Spreadsheet row number: the header is row 1, blank lines count. */
  row: number;
  values: Partial<Record<CsvColumn, string>>;
  /** Set when the row has more (non-empty) or fewer cells than the header has columns. */
  shapeError?: string;
}

/** Accepts a .csv name, or a CSV content type when one is given (browsers send either). */
export function assertCsvFile(fileName?: string, contentType?: string) {
  if (fileName === undefined && contentType === undefined) return;
  const byName = fileName !== undefined && /\.csv$/i.test(fileName.trim());
  const byType = contentType !== undefined && /^(text\/csv|application\/csv|text\/comma-separated-values)\b/i.test(contentType);
  if (!byName && !byType) throw new CsvImportError("not-csv", CSV_MESSAGES.notCsv);
}

export function normalizeColumnName(raw: string): string {
  return raw.trim().toLowerCase().replace(/[\s-]+/g, "_");
}

export function readHeader(cells: string[]): CsvHeader {
  const columns = new Map<CsvColumn, number>();
  const ignored: string[] = [];
  const warnings: string[] = [];
  cells.forEach((raw, index) => {
    const name = normalizeColumnName(raw);
    if (!name) return;
    if (!KNOWN.has(name)) {
      ignored.push(raw.trim());
    } else if (columns.has(name as CsvColumn)) {
      warnings.push(`The column ${name} appears more than once; the first one is used.`);
    } else {
      columns.set(name as CsvColumn, index);
    }
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.has(c) && !(c === "website_url" && columns.has("link"))).map(
    (c) => (c === "website_url" ? "website_url (or link)" : c),
  );
  if (missing.length) {
    const joined = cells.join(",");
    const separator = cells.length === 1 && /[;\t|]/.exec(joined)?.[0];
    const hint = separator
      ? ` (the header seems to be separated by ${separator === "\t" ? "tabs" : `"${separator}"`}: save the file with commas)`
      : "";
    throw new CsvImportError("header", `${CSV_MESSAGES.missingFields} ${missing.join(", ")}${hint}`);
  }
  if (ignored.length) {
    const shown = ignored.slice(0, 10).join(", ") + (ignored.length > 10 ? ` and ${ignored.length - 10} more` : "");
    warnings.push(`Ignored unknown columns: ${shown}.`);
  }
  return { columns, width: cells.length, warnings };
}

/** Decodes strict UTF-8 as it streams, failing with the line number at the first byte that is not UTF-8. */
class Utf8Decoder {
  private decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  private line = 1;
  private first = true;

  decode(chunk: Buffer | string): string {
    if (typeof chunk === "string") return chunk;
    if (this.first && chunk.length > 0) {
      this.first = false;
      if ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff)) {
        throw new CsvImportError("encoding", "The file is UTF-16 encoded. Save it as UTF-8 (in Excel: CSV UTF-8) and try again.");
      }
    }
    let text: string;
    try {
      text = this.decoder.decode(chunk, { stream: true });
    } catch {
      const line = this.line + countNewlines(chunk, firstInvalidUtf8(chunk));
      throw new CsvImportError("encoding", `The file is not valid UTF-8 (near line ${line}). Save it as UTF-8 (in Excel: CSV UTF-8) and try again.`);
    }
    this.line += countNewlines(chunk, chunk.length);
    return text;
  }

  end(): string {
    try {
      return this.decoder.decode();
    } catch {
      throw new CsvImportError("encoding", `The file is not valid UTF-8: it ends in the middle of a character (line ${this.line}).`);
    }
  }
}

function countNewlines(bytes: Uint8Array, end: number) {
  let n = 0;
  for (let i = bytes.indexOf(0x0a); i !== -1 && i < end; i = bytes.indexOf(0x0a, i + 1)) n++;
  return n;
}

/** Offset of the first byte that breaks UTF-8; continuation bytes at the very start belong to the previous chunk. */
function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < 3 && i < b.length && (b[i]! & 0xc0) === 0x80) i++;
  while (i < b.length) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    const size = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (size === 0) return i;
    const second = b[i + 1];
    if (second === undefined) return i;
    const [lo, hi] = c === 0xe0 ? [0xa0, 0xbf] : c === 0xed ? [0x80, 0x9f] : c === 0xf0 ? [0x90, 0xbf] : c === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    if (second < lo || second > hi) return i;
    for (let k = 2; k < size; k++) {
      const next = b[i + k];
      if (next === undefined) return i;
      if ((next & 0xc0) !== 0x80) return i;
    }
    i += size;
  }
  return b.length;
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === "");

/** A syntax error becomes the spec's parse message with the row; anything else is passed on. */
function parseFailure(error: unknown): unknown {
  if (!(error instanceof CsvSyntaxError)) return error;
  const detail = {
    "quote-not-closed": `row ${error.row}: a quoted cell is never closed`,
    "text-after-closing-quote": `row ${error.row}: text after a closing quote; a quote inside a quoted cell must be doubled ("")`,
    "quote-in-unquoted-cell": `row ${error.row}: a quote inside a cell that is not quoted; put the cell in quotes and double the quote ("")`,
    "record-too-large": `row ${error.row} is larger than ${MAX_RECORD_BYTES / 1024 / 1024} MB: a cell is far too long, or a quote is never closed`,
  }[error.problem];
  return new CsvImportError("parse", `${CSV_MESSAGES.parseFailed} (${detail})`);
}

/**
 * Streams a CSV: strict UTF-8, RFC 4180 quoting, a size limit per row. The first non-blank row is
 * the header; rows whose cells are all empty are counted and dropped; blank lines are skipped.
 * Ends with the spec's "no data" errors when nothing is left. Reading again starts a new stream.
 */
export class CsvReader {
  header: CsvHeader | undefined;
  emptyRows = 0;
  dataRows = 0;

  constructor(private readonly openStream: () => Readable) {}

  async *records(): AsyncGenerator<CsvRecord> {
    this.header = undefined;
    this.emptyRows = 0;
    this.dataRows = 0;
    const source = this.openStream();
    const decoder = new Utf8Decoder();
    const tokenizer = new CsvTokenizer(MAX_RECORD_BYTES);
    try {
      for await (const chunk of source as AsyncIterable<Buffer | string>) yield* this.accept(tokenizer.push(decoder.decode(chunk)));
      yield* this.accept(tokenizer.push(decoder.end()));
      yield* this.accept(tokenizer.end());
    } catch (error) {
      throw parseFailure(error);
    } finally {
      source.destroy();
    }
    if (!this.header) throw new CsvImportError("no-data", CSV_MESSAGES.noData);
    if (this.dataRows === 0) {
      throw this.emptyRows > 0
        ? new CsvImportError("no-valid-data", CSV_MESSAGES.noValidData)
        : new CsvImportError("no-data", CSV_MESSAGES.noData);
    }
  }

  /** The header (the first record), then each data record; records whose cells are all blank are counted and dropped. */
  private *accept(records: CsvTokenRecord[]): Generator<CsvRecord> {
    for (const { cells, row } of records) {
      if (!this.header) {
        this.header = readHeader(cells);
        continue;
      }
      if (isBlank(cells)) {
        this.emptyRows++;
        continue;
      }
      this.dataRows++;
      yield toRecord(this.header, cells, row);
    }
  }
}

function toRecord(header: CsvHeader, cells: string[], row: number): CsvRecord {
  const values: Partial<Record<CsvColumn, string>> = {};
  for (const [column, index] of header.columns) values[column] = cells[index] ?? "";
  let shapeError: string | undefined;
  if (cells.length < header.width) {
    shapeError = `This row has ${cells.length} cells but the header has ${header.width} columns (check its commas and quotes)`;
  } else if (cells.length > header.width && !isBlank(cells.slice(header.width))) {
    shapeError = `This row has ${cells.length} cells but the header has ${header.width} columns (check its commas and quotes)`;
  }
  return { row, values, shapeError };
}
