import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { collectGarbage as gc } from "~/lib/bulk-heap.server";
import { CsvSyntaxError, CsvTokenizer, type CsvSyntaxProblem } from "./csv-tokenizer";

type Outcome = { records: [string[], number][] } | { problem: CsvSyntaxProblem; row: number };

/** Tokenizes `text` given in pieces cut at `cuts`. */
function tokenize(text: string, cuts: number[] = [], max = 1_000_000): Outcome {
  const tokenizer = new CsvTokenizer(max);
  const records: [string[], number][] = [];
  try {
    let from = 0;
    for (const to of [...cuts, text.length]) {
      for (const r of tokenizer.push(text.slice(from, to))) records.push([r.cells, r.row]);
      from = to;
    }
    for (const r of tokenizer.end()) records.push([r.cells, r.row]);
    return { records };
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { problem: error.problem, row: error.row };
    throw error;
  }
}

/** csv-parse (the library this tokenizer replaced) with the options the reader gave it, as the same outcome. */
function csvParse(text: string): Outcome {
  const problems: Record<string, CsvSyntaxProblem> = {
    CSV_QUOTE_NOT_CLOSED: "quote-not-closed",
    CSV_INVALID_CLOSING_QUOTE: "text-after-closing-quote",
    CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: "text-after-closing-quote",
    INVALID_OPENING_QUOTE: "quote-in-unquoted-cell",
    CSV_INVALID_OPENING_QUOTE: "quote-in-unquoted-cell",
  };
  try {
    const parsed = parse(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: true, record_delimiter: ["\r\n", "\n", "\r"] }) as unknown as {
      record: string[];
      info: { records: number; empty_lines: number };
    }[];
    return { records: parsed.map((p) => [p.record, p.info.records + p.info.empty_lines]) };
  } catch (error) {
    const e = error as { code: string; records?: number; empty_lines?: number };
    return { problem: problems[e.code] ?? (e.code as CsvSyntaxProblem), row: (e.records ?? 0) + (e.empty_lines ?? 0) + 1 };
  }
}

describe("CsvTokenizer", () => {
  it("reads quoted cells with commas, doubled quotes and line breaks, and any line ending", () => {
    expect(tokenize('name,note\r\n"Acme, Inc.","say ""hi""\nthen go"\nB,x\rC,y')).toEqual({
      records: [
        [["name", "note"], 1],
        [["Acme, Inc.", 'say "hi"\nthen go'], 2],
        [["B", "x"], 3],
        [["C", "y"], 4],
      ],
    });
  });

  it("skips empty lines but counts them in row numbers; keeps a row of empty cells; drops a byte order mark", () => {
    expect(tokenize("\uFEFFa,b\n\n\r\n,\n\"\"\nz")).toEqual({
      records: [
        [["a", "b"], 1],
        [["", ""], 4],
        [[""], 5],
        [["z"], 6],
      ],
    });
  });

  it("gives the same records whichever way the text is cut into pieces (a CRLF split, a quote split)", () => {
    const text = 'a,"b ""c"""\r\n"d\r\ne",f\r\n';
    const whole = tokenize(text);
    for (let cut = 1; cut < text.length; cut++) expect(tokenize(text, [cut])).toEqual(whole);
  });

  it("refuses a quote inside a plain cell, text after a closing quote, an open quote, and a record over the limit, with its row", () => {
    expect(tokenize('a\nb\nab"c\n')).toEqual({ problem: "quote-in-unquoted-cell", row: 3 });
    expect(tokenize('a\n\n"b"c\n')).toEqual({ problem: "text-after-closing-quote", row: 3 });
    expect(tokenize('a\n"b\nc,d\n')).toEqual({ problem: "quote-not-closed", row: 2 });
    expect(tokenize(`a\n${"x".repeat(101)}\n`, [], 100)).toEqual({ problem: "record-too-large", row: 2 });
    expect(tokenize(`a\n"${"x".repeat(60)}`, [10, 40], 50)).toEqual({ problem: "record-too-large", row: 2 });
  });

  it("keeps none of the text it was given alive through the cells it returns", () => {
    const description = "A tool that helps teams plan, write and ship their work. ".repeat(14);
    const tokenizer = new CsvTokenizer(1_000_000);
    const kept: string[] = [];
    let given = 0;
    gc();
    const before = process.memoryUsage().heapUsed;
    // 20,000 rows of about 840 characters, given in pieces of 64 KB as a stream would give them;
    // of each row only its first cell (a name of 20-odd characters) is kept.
    let pending = "";
    for (let row = 0; row < 20_000; row++) {
      pending += `Product number ${row},"${description}",https://example.com/${row}\n`;
      if (pending.length >= 65_536 || row === 19_999) {
        given += pending.length;
        for (const record of tokenizer.push(pending)) kept.push(record.cells[0]!);
        pending = "";
      }
    }
    gc();
    const retained = process.memoryUsage().heapUsed - before;
    expect(kept).toHaveLength(20_000);
    expect(kept[12_345]).toBe("Product number 12345");
    // The names themselves are about 1 MB with their array; the pieces of text, had they been kept, about 17 MB.
    expect(given).toBeGreaterThan(16_000_000);
    expect(retained).toBeLessThan(given / 4);
  });

  it("agrees with csv-parse on random text cut at random places", () => {
    const alphabet = ["a", "b", ",", ",", '"', '"', "\n", "\r", "\r\n", " ", "é", "😀", "\uFEFF"];
    let seed = 20261129;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let compared = 0;
    for (let k = 0; k < 20_000; k++) {
      let text = "";
      for (let length = Math.floor(random() * 30), i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      const cuts = [...new Set([Math.floor(random() * text.length), Math.floor(random() * text.length)])].sort((x, y) => x - y);
      const ours = tokenize(text, cuts);
      expect(ours, JSON.stringify(text)).toEqual(csvParse(text));
      if ("records" in ours && ours.records.length > 1) compared++;
    }
    // The random texts covered files of several records, not only errors.
    expect(compared).toBeGreaterThan(2_000);
  });
});
