/**
 * Admin bulk upload benchmark (issue 13, decision 042): a generated file streamed through the
 * upload's staging (validated, duplicates found: the mapping preview is ready), then imported by the
 * job's runImport. Prints, per size and database: preview-ready seconds, import seconds, rows/s and
 * peak memory. Fresh database each run (PGlite in a temp DATA_DIR; with --pg, a new database on
 * DATABASE_URL, local only).
 *
 *   npx tsx bench/csv-import-admin.ts [--rows 10000,100000] [--pg] [--no-pglite]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, queryRows, type DatabaseHandle } from "../app/db/client.server";
import { setDatabase } from "../app/db/registry.server";
import { runImport } from "../app/features/catalog-import/import-job.server";
import { stageUpload } from "../app/features/catalog-import/import-staging.server";
import { assertLocalDatabaseUrl, withDatabase } from "../tests/setup/local-database";
import { generateCsv } from "./import";

export interface AdminImportBenchResult {
  database: "pglite" | "postgres";
  rows: number;
  fileMb: number;
  previewSeconds: number;
  importSeconds: number;
  imported: number;
  rowsPerSecond: number;
  peakRssMb: number;
  peakHeapMb: number;
}

async function openFresh(kind: "pglite" | "postgres"): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  if (kind === "pglite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-bench-admin-import-"));
    const handle = await openDatabase({ dataDir, purpose: "bench: admin import" });
    return { handle, cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const url = process.env.DATABASE_URL!;
  assertLocalDatabaseUrl(url);
  const name = `toolnest_bench_import_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const handle = await openDatabase({ databaseUrl: withDatabase(url, name), dataDir: "", purpose: "bench: admin import", poolMax: 4 });
  return {
    handle,
    cleanup: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

async function benchOne(kind: "pglite" | "postgres", file: string, rows: number): Promise<AdminImportBenchResult> {
  const { handle, cleanup } = await openFresh(kind);
  try {
    await handle.migrate();
    setDatabase(handle);
    await handle.db.execute(sql`insert into "user" (id, name, email) values ('bench-admin', 'Bench', 'bench@example.com')`);
    const actor = { id: "bench-admin", email: "bench@example.com" };
    let peak = 0;
    let peakHeap = 0;
    const sample = () => {
      const usage = process.memoryUsage();
      peak = Math.max(peak, usage.rss);
      peakHeap = Math.max(peakHeap, usage.heapUsed);
    };
    const timer = setInterval(sample, 100);
    try {
      const t0 = performance.now();
      const staged = await stageUpload(handle.db, actor, fs.createReadStream(file, { highWaterMark: 64 * 1024 }), { fileName: path.basename(file) });
      const previewSeconds = (performance.now() - t0) / 1000;
      await handle.db.execute(sql`update catalog_imports set state = 'queued' where id = ${staged.id}`);
      const t1 = performance.now();
      await runImport(handle.db, staged.id, { batchSize: Number(process.env.BENCH_BATCH) || (kind === "pglite" ? 200 : 1000) });
      const importSeconds = (performance.now() - t1) / 1000;
      sample();
      const [record] = await queryRows<{ rows_imported: number }>(handle.db, sql`select rows_imported from catalog_imports where id = ${staged.id}`);
      return {
        database: kind,
        rows,
        fileMb: Math.round(fs.statSync(file).size / 1e5) / 10,
        previewSeconds: Math.round(previewSeconds * 10) / 10,
        importSeconds: Math.round(importSeconds * 10) / 10,
        imported: record?.rows_imported ?? 0,
        rowsPerSecond: Math.round(rows / importSeconds),
        peakRssMb: Math.round(peak / 1024 / 1024),
        peakHeapMb: Math.round(peakHeap / 1024 / 1024),
      };
    } finally {
      clearInterval(timer);
    }
  } finally {
    setDatabase(undefined);
    await handle.close();
    await cleanup();
  }
}

const { values } = parseArgs({ options: { rows: { type: "string", default: "10000,100000" }, pg: { type: "boolean" }, "no-pglite": { type: "boolean" } } });
const sizes = values.rows.split(",").map((v) => Number(v.trim())).filter((v) => Number.isSafeInteger(v) && v > 0);
const kinds: ("pglite" | "postgres")[] = [];
if (!values["no-pglite"]) kinds.push("pglite");
if (values.pg) {
  if (!process.env.DATABASE_URL) throw new Error("--pg needs DATABASE_URL (a local PostgreSQL)");
  kinds.push("postgres");
}
const results: AdminImportBenchResult[] = [];
for (const rows of sizes) {
  const file = path.join(os.tmpdir(), `toolnest-bench-admin-${rows}.csv`);
  await generateCsv(file, rows);
  try {
    for (const kind of kinds) results.push(await benchOne(kind, file, rows));
  } finally {
    fs.rmSync(file, { force: true });
  }
}
console.table(results);
fs.mkdirSync(".tmp", { recursive: true });
fs.writeFileSync(".tmp/bench-csv-import-admin.json", JSON.stringify(results, null, 2));
