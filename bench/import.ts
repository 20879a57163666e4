/**
 * Catalogue CSV import benchmark: the demo products.csv and a generated 100,000-row file, each
 * imported into a fresh embedded database (temp DATA_DIR, migrated, not seeded). Prints rows,
 * imported, seconds, rows/s and peak memory. `npx tsx bench/import.ts [rows]`
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { once } from "node:events";
import { openDatabase } from "../app/db/client.server";
import { importCatalogCsv } from "../app/features/catalog-import/csv-import.server";
import { catalogDir } from "../app/domain/catalog-dir.server";

export interface ImportBenchResult {
  label: string;
  rows: number;
  imported: number;
  invalidRows: number;
  seconds: number;
  rowsPerSecond: number;
  /** RSS just before the import: the embedded database alone takes ~500 MB. */
  baselineRssMb: number;
  /** Highest RSS sampled every 100 ms during the import. */
  peakRssMb: number;
  /** Highest JS heap sampled during the import: the importer's own memory. */
  peakHeapMb: number;
  /** The process's highest RSS so far (getrusage): includes earlier work, such as creating the database (~860 MB). */
  maxRssMb: number;
}

const NICHES = ["Productivity", "Design", "Developer Tools", "Marketing", "AI", "Finance", "Education", "Communities"];
const SUBS = ["Notes", "Planning", "Analytics", "Automation", "Collaboration", "Security", "Writing", "Video"];
const WORDS = "fast simple open private visual smart shared local secure modern light clear calm bright".split(" ");
const PRICING = ["free", "freemium", "premium", "paid", "subscription", "unknown", "Free", "contact sales"];

function quote(cell: string) {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

function words(seed: number, count: number) {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(WORDS[(seed * 7 + i * 13) % WORDS.length]!);
  return out.join(" ");
}

function generatedRow(i: number): string[] {
  const name = `Benchtool ${i.toString(36)} ${WORDS[i % WORDS.length]}`;
  const description = `${name} is a ${words(i, 6)} tool for teams. ${words(i + 3, 40)}. "Quoted", with commas, and a second line\nthat keeps going: ${words(i + 5, 30)}.`;
  const row = [
    name,
    `The ${words(i, 5)} way to get work done`,
    `${words(i + 1, 12)} for everyone`,
    description,
    PRICING[i % PRICING.length]!,
    `https://www.benchtool-${i}.example.com/product?ref=csv`,
    Array.from({ length: 2 + (i % 5) }, (_, k) => WORDS[(i + k) % WORDS.length]).join(", "),
    i % 3 === 0 ? `https://cdn.example.com/logos/${i}.png` : "",
    NICHES[i % NICHES.length]!,
    SUBS[(i >> 3) % SUBS.length]!,
  ];
  if (i % 10_000 === 17) row[0] = "ab";
  if (i % 10_000 === 29) row[5] = "not a url";
  return row;
}

/**
 * A CSV of about `megabytes` MB whose rows carry long descriptions (`descriptionChars` each, with
 * quotes, commas and line breaks, as pasted prose has; with `html`, in paragraphs and lists as a
 * directory's export has): fewer rows, large cells. Returns the rows.
 */
export async function generateLongCsv(file: string, megabytes: number, descriptionChars = 10_000, html = false): Promise<number> {
  const out = fs.createWriteStream(file);
  const header = "product_name,headline,tagline,description,pricing,website_url,topics,logo_url,niche,subcategory\n";
  out.write(header);
  let bytes = header.length;
  let i = 0;
  while (bytes < megabytes * 1e6) {
    let chunk = "";
    for (let k = 0; k < 50 && bytes + chunk.length < megabytes * 1e6; k++) {
      i++;
      const row = generatedRow(i);
      let description = row[3]!;
      while (description.length < descriptionChars) {
        description += html
          ? `<p>${words(i + description.length, 30)}, <strong>${words(i, 3)}</strong> and <em>"${words(i + 1, 2)}"</em>.</p>\n<ul><li>${words(i + 2, 8)}</li><li>${words(i + 3, 8)}</li></ul>\n`
          : ` ${words(i + description.length, 40)}, "really", and\nmore: ${words(i + 7, 20)}.`;
      }
      row[3] = description.slice(0, descriptionChars);
      chunk += row.map(quote).join(",") + "\n";
    }
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return i;
}

/** Writes the CSV with backpressure, without holding it in memory. */
export async function generateCsv(file: string, rows: number) {
  const out = fs.createWriteStream(file);
  out.write("product_name,headline,tagline,description,pricing,website_url,topics,logo_url,niche,subcategory\n");
  let chunk = "";
  for (let i = 1; i <= rows; i++) {
    chunk += generatedRow(i).map(quote).join(",") + "\n";
    if (i % 500 === 0 || i === rows) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  out.end();
  await once(out, "finish");
}

async function benchOne(label: string, file: string): Promise<ImportBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-bench-import-"));
  const handle = await openDatabase({ dataDir, purpose: "bench: import" });
  try {
    await handle.migrate();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    let peakHeap = 0;
    const sample = () => {
      const usage = process.memoryUsage();
      peak = Math.max(peak, usage.rss);
      peakHeap = Math.max(peakHeap, usage.heapUsed);
    };
    const timer = setInterval(sample, 100);
    const started = performance.now();
    try {
      const report = await importCatalogCsv(handle.db, () => fs.createReadStream(file, { highWaterMark: 256 * 1024 }), {
        fileName: path.basename(file),
      });
      const seconds = (performance.now() - started) / 1000;
      sample();
      return {
        label,
        rows: report.rows,
        imported: report.imported,
        invalidRows: report.invalidRows,
        seconds: Math.round(seconds * 10) / 10,
        rowsPerSecond: Math.round(report.rows / seconds),
        baselineRssMb: Math.round(baseline / 1024 / 1024),
        peakRssMb: Math.round(peak / 1024 / 1024),
        peakHeapMb: Math.round(peakHeap / 1024 / 1024),
        maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      };
    } finally {
      clearInterval(timer);
    }
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runImportBench(options: { rows?: number } = {}): Promise<ImportBenchResult[]> {
  const rows = options.rows ?? 100_000;
  const results = [await benchOne("demo products.csv", path.join(catalogDir, "products.csv"))];
  const file = path.join(os.tmpdir(), `toolnest-bench-${rows}-rows.csv`);
  await generateCsv(file, rows);
  try {
    results.push(await benchOne(`generated ${rows.toLocaleString("en")} rows (${(fs.statSync(file).size / 1e6).toFixed(0)} MB)`, file));
  } finally {
    fs.rmSync(file, { force: true });
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const rows = Number(process.argv[2]) || undefined;
  const results = await runImportBench({ rows });
  console.table(results);
}
