/**
 * `npm run catalog:import -- <file.csv> [--status live|draft|pending] [--dry-run]`
 * Imports the admin bulk-upload CSV into the configured database. Exit codes: 0 the file was
 * processed (some rows may have been refused: the summary says which), 1 the file or the database
 * could not be used (nothing more was written), 2 wrong usage.
 */
import fs from "node:fs";
import path from "node:path";
import type { ImportReport } from "../app/features/catalog-import/csv-import.server";

const USAGE = "Usage: npm run catalog:import -- <file.csv> [--status live|draft|pending] [--dry-run]";
const STATUSES = ["live", "draft", "pending"] as const;
type Status = (typeof STATUSES)[number];

function usageError(message: string): never {
  console.error(`Error: ${message}`);
  console.error(USAGE);
  process.exit(2);
}

function parseArgs(argv: string[]) {
  let file: string | undefined;
  let status: Status = "live";
  let dryRun = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === "--dry-run") {
      dryRun = true;
    } else if (arg === "--status" || arg.startsWith("--status=")) {
      const value = arg.includes("=") ? arg.slice("--status=".length) : argv[++i];
      if (!STATUSES.includes(value as Status)) usageError(`--status must be one of ${STATUSES.join(", ")}`);
      status = value as Status;
    } else if (arg.startsWith("-")) {
      usageError(`unknown option ${arg}`);
    } else if (file) {
      usageError("give one file only");
    } else {
      file = arg;
    }
  }
  if (!file) usageError("no file given");
  return { file: path.resolve(file), status, dryRun };
}

const { exitWithError } = await import("../server/cli");
const args = parseArgs(process.argv.slice(2));
if (!fs.existsSync(args.file)) usageError(`file not found: ${args.file}`);
if (!fs.statSync(args.file).isFile()) usageError(`not a file: ${args.file}`);

const fmt = (n: number) => n.toLocaleString("en");
const openStream = () => fs.createReadStream(args.file, { highWaterMark: 256 * 1024 });
const progress = (rows: number, phase: "checking" | "importing") => {
  if (rows % 10_000 === 0) console.error(`${phase === "checking" ? "Checking" : "Importing"}: ${fmt(rows)} rows read...`);
};

function printSummary(report: ImportReport): number {
  const name = path.basename(args.file);
  const seconds = (report.durationMs / 1000).toFixed(1);
  const lines: string[] = [];
  if (report.dryRun) {
    lines.push(`Checked ${name} in ${seconds} s (dry run: nothing was written).`);
    lines.push(`  Rows: ${fmt(report.rows)}, valid: ${fmt(report.validRows)}, with errors: ${fmt(report.invalidRows)}`);
  } else {
    lines.push(`${report.interrupted ? "Interrupted" : "Imported"} ${name} in ${seconds} s.`);
    lines.push(`  Rows: ${fmt(report.rows)}`);
    lines.push(`  Imported: ${fmt(report.imported)} (status ${args.status})`);
    lines.push(
      `  Skipped as duplicates: ${fmt(report.skippedDuplicates)}` +
        (report.duplicatesInFile ? ` (${fmt(report.duplicatesInFile)} repeated within the file)` : ""),
    );
    lines.push(`  Rows with errors (not imported): ${fmt(report.invalidRows)}`);
    if (report.createdNiches || report.createdSubcategories) {
      lines.push(`  New niches: ${fmt(report.createdNiches)}, new subcategories: ${fmt(report.createdSubcategories)}`);
    }
  }
  if (report.pricingMappedToFree) lines.push(`  Pricing set to free: ${fmt(report.pricingMappedToFree)} rows`);
  if (report.tagsTruncated) lines.push(`  Topics cut to 10: ${fmt(report.tagsTruncated)} rows`);
  for (const warning of report.warnings) lines.push(`Note: ${warning}`);
  if (report.errors.length) {
    const shown = report.errors.slice(0, 20);
    lines.push(`Row errors (${report.rowNumbering.toLowerCase().replace(/\.$/, "")}):`);
    for (const error of shown) lines.push(`  Row ${error.row}: ${error.messages.join("; ")}`);
    const rest = report.invalidRows - shown.length;
    if (rest > 0) lines.push(`  ... and ${fmt(rest)} more rows with errors.`);
    lines.push(report.dryRun ? "Fix these rows before importing." : "Fix these rows and run the import again: rows already imported are skipped.");
  }
  if (report.interrupted) lines.push("Stopped before the end: run the import again to add the rest.");
  console.log(lines.join("\n"));
  return report.interrupted ? 1 : 0;
}

let handle: { close(): Promise<void> } | undefined;
let exitCode = 0;
try {
  const { CsvImportError, checkCatalogCsv, importCatalogCsv } = await import("../app/features/catalog-import/csv-import.server");
  const options = { fileName: path.basename(args.file), status: args.status, onProgress: progress };
  let report;
  try {
    if (args.dryRun) {
      report = await checkCatalogCsv(openStream, options);
    } else {
      const { parseEnv } = await import("../app/lib/env.server");
      const { openAppDatabase } = await import("../server/database");
      const env = parseEnv();
      const opened = await openAppDatabase(env, { purpose: "catalog:import" });
      handle = opened;
      const controller = new AbortController();
      // Ctrl-C can arrive twice (from the terminal and relayed by tsx): stop once, between batches.
      const stop = () => {
        if (controller.signal.aborted) return;
        console.error("Stopping after the current batch...");
        controller.abort();
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
      report = await importCatalogCsv(opened.db, openStream, { ...options, signal: controller.signal });
    }
  } catch (error) {
    if (error instanceof CsvImportError) {
      console.error(`Error: ${error.message}`);
      exitCode = 1;
    } else {
      throw error;
    }
  }
  if (report) exitCode = printSummary(report);
} catch (error) {
  await handle?.close().catch(() => {});
  exitWithError(error);
}
await handle?.close();
process.exit(exitCode);
