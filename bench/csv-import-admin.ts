/**
 * Admin bulk upload benchmark (issue 13, decision 042): a generated file streamed through the
 * upload's staging (validated, duplicates found: the mapping preview is ready), then imported by the
 * job's runImport. Prints, per size and database: preview-ready seconds, import seconds, rows/s and
 * peak memory, and the product page's latency while the import runs: its loader (every database
 * read the page makes, the session lookup included) called in the importing process over and over,
 * two at a time, as the job runs beside the web server in one process (p95 target <= 100 ms; the
 * same loader with no import running is the baseline). Fresh database each run (PGlite in a temp
 * DATA_DIR; with --pg, a new database on DATABASE_URL, local only).
 *
 *   npx tsx bench/csv-import-admin.ts [--rows 10000,100000] [--pg] [--no-pglite] [--batch 1000] [--concurrency 2] [--gin-fastupdate] [--no-pages]
 *
 * --no-pages: no product page requests during the import (the import alone).
 *
 * --gin-fastupdate (an experiment, PostgreSQL only): the search index with a pending list
 * (`fastupdate = on`, PostgreSQL's default, turned off by decision 014 for PGlite) during the run.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../app/db/client.server";
import { queryRows } from "../tests/support/raw-rows";
import { requestStarted } from "../app/db/foreground.server";
import { setDatabase } from "../app/db/registry.server";
import { insertCatalogProducts } from "../app/domain/products/insert.server";
import { TaxonomyResolver } from "../app/domain/taxonomy-resolver.server";
import { importWriteSettings, runImport } from "../app/features/catalog-import/jobs.server";
import { stageUpload } from "../app/features/catalog-import/mutations/staging.server";
import { assertLocalDatabaseUrl, withDatabase } from "../tests/setup/local-database";
import { floorInsert } from "./floor-insert";
import { generateCsv } from "./import";
import { useServerBuildEnv } from "./ssr-env";
import { summarize } from "./stats";

export interface AdminImportBenchResult {
  database: "pglite" | "postgres";
  rows: number;
  fileMb: number;
  previewSeconds: number;
  importSeconds: number;
  imported: number;
  rowsPerSecond: number;
  peakRssMb: number;
  /** The process before the upload (modules, the product page's code, PGlite itself). */
  startRssMb: number;
  peakHeapMb: number;
  /** CPU seconds of this process / of the PostgreSQL server processes, for the upload and for the import. */
  previewCpu: string;
  importCpu: string;
  pageIdleP95Ms: number;
  pageP95Ms: number;
  /** The page after the import, nothing else running: its cost at the new catalogue size. */
  pageAfterP95Ms: number;
  pageMaxMs: number;
  pageRequests: number;
}

const PAGE_SLUG = "bench-page-product";

/**
 * CPU seconds used so far by this process and, on PostgreSQL, by the server processes serving
 * this database (read from /proc, local server only): work done, which the machine's load does
 * not change much, beside the wall-clock figures, which it does.
 */
async function cpuSeconds(handle: DatabaseHandle, kind: "pglite" | "postgres", seen: Map<number, number>) {
  const usage = process.cpuUsage();
  const node = (usage.user + usage.system) / 1e6;
  if (kind !== "postgres") return { node, db: 0 };
  const pids = await queryRows<{ pid: number }>(handle.db, sql`select pid from pg_stat_activity where datname = current_database()`);
  for (const { pid } of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      seen.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // Gone, or not readable: counted as last seen.
    }
  }
  return { node, db: [...seen.values()].reduce((a, b) => a + b, 0) };
}

/** The product page's loader for one anonymous GET (its database reads; no page cache). */
async function productPage(): Promise<void> {
  useServerBuildEnv();
  const { loader } = await import("../app/routes/product");
  const request = new Request(`http://localhost/resources/${PAGE_SLUG}`);
  const result = await loader({ request, params: { slug: PAGE_SLUG }, context: {} } as unknown as Parameters<typeof loader>[0]);
  if (!result?.product) throw new Error("the product page found no product");
}

/** Product page latencies, two requests at a time, until `done` settles (or for `ms` milliseconds). */
async function pageLatencies(until: { done: boolean } | number): Promise<number[]> {
  const samples: number[] = [];
  const deadline = typeof until === "number" ? performance.now() + until : Infinity;
  const running = () => (typeof until === "number" ? performance.now() < deadline : !until.done);
  await Promise.all(
    [0, 1].map(async () => {
      while (running()) {
        const started = performance.now();
        // Counted as the server counts an admitted request (server/admission.ts).
        const ended = requestStarted();
        try {
          await productPage();
        } finally {
          ended();
        }
        samples.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }),
  );
  return samples;
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
    await handle.db.transaction((tx) =>
      insertCatalogProducts(
        tx,
        [
          {
            product_name: "Bench Page Product",
            slug: PAGE_SLUG,
            headline: "The product page the benchmark reads while the import runs",
            tagline: "A page to time",
            description: "Read over and over while rows land.",
            website_url: "https://bench-page-product.example.com",
            logo_url: null,
            pricing: "free",
            tags: ["bench"],
            status: "live",
            placements: [{ niche: "Productivity", subcategory: "Notes" }],
          },
        ],
        new TaxonomyResolver(),
      ),
    );
    await pageLatencies(500); // warm-up
    const idle = summarize("idle", await pageLatencies(2_000));
    let peak = 0;
    let peakHeap = 0;
    const sample = () => {
      const usage = process.memoryUsage();
      peak = Math.max(peak, usage.rss);
      peakHeap = Math.max(peakHeap, usage.heapUsed);
    };
    if (kind === "postgres" && values["gin-fastupdate"]) await handle.db.execute(sql`alter index products_search_idx set (fastupdate = on)`);
    global.gc?.();
    const startRss = process.memoryUsage().rss;
    const timer = setInterval(sample, 100);
    try {
      const backends = new Map<number, number>();
      const c0 = await cpuSeconds(handle, kind, backends);
      const t0 = performance.now();
      const staged = await stageUpload(handle.db, actor, fs.createReadStream(file, { highWaterMark: 64 * 1024 }), { fileName: path.basename(file) });
      const previewSeconds = (performance.now() - t0) / 1000;
      const c1 = await cpuSeconds(handle, kind, backends);
      await handle.db.execute(sql`update catalog_imports set state = 'queued', product_status = 'draft' where id = ${staged.id}`);
      const t1 = performance.now();
      const importing = { done: false };
      const pages = values["no-pages"] ? Promise.resolve([]) : pageLatencies(importing);
      try {
        // What server/jobs.ts gives the job (smaller batches, one at a time, on the embedded database, which serves pages on the same connection).
        const settings = importWriteSettings(kind === "pglite" ? "embedded" : "postgres");
        await runImport(handle.db, staged.id, { ...settings, ...(batchSize ? { batchSize } : {}), ...(concurrency ? { concurrency } : {}) });
      } finally {
        importing.done = true;
      }
      const importSeconds = (performance.now() - t1) / 1000;
      const c2 = await cpuSeconds(handle, kind, backends);
      const busy = summarize("importing", await pages);
      // The same page once the import is done (the catalogue as large, nothing importing).
      const after = values["no-pages"] ? null : summarize("after", await pageLatencies(2_000));
      const cpu = (a: { node: number; db: number }, b: { node: number; db: number }) =>
        `${(b.node - a.node).toFixed(1)} / ${kind === "postgres" ? (b.db - a.db).toFixed(1) : "-"}`;
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
        startRssMb: Math.round(startRss / 1024 / 1024),
        peakHeapMb: Math.round(peakHeap / 1024 / 1024),
        previewCpu: cpu(c0, c1),
        importCpu: cpu(c1, c2),
        pageIdleP95Ms: Math.round(idle.p95),
        pageP95Ms: Math.round(busy.p95),
        pageAfterP95Ms: after ? Math.round(after.p95) : 0,
        pageMaxMs: Math.round(busy.max),
        pageRequests: busy.n,
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

const { values } = parseArgs({
  options: { rows: { type: "string", default: "10000,100000" }, pg: { type: "boolean" }, "no-pglite": { type: "boolean" }, batch: { type: "string" }, concurrency: { type: "string" }, "gin-fastupdate": { type: "boolean" }, "no-pages": { type: "boolean" } },
});
const batchSize = Number(values.batch) || undefined;
const concurrency = Number(values.concurrency) || undefined;
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

/**
 * PostgreSQL's own floor for the same work: the rows inserted into `products` by PostgreSQL itself
 * (generated in the server: no client, no parsing, no links, no outcomes), with the table's
 * indexes, generated columns and triggers as the app has them, in one session and then split
 * between two sessions (this machine's cores). No import can be faster than this.
 */
async function postgresFloor(rows: number) {
  const { handle, cleanup } = await openFresh("postgres");
  try {
    await handle.migrate();
    let started = performance.now();
    await handle.db.execute(floorInsert(1, rows));
    const one = (performance.now() - started) / 1000;
    await handle.db.execute(sql`truncate products cascade`);
    started = performance.now();
    const half = Math.floor(rows / 2);
    await Promise.all([handle.db.execute(floorInsert(1, half)), handle.db.execute(floorInsert(half + 1, rows))]);
    const two = (performance.now() - started) / 1000;
    return { rows, oneSessionSeconds: Math.round(one * 10) / 10, twoSessionsSeconds: Math.round(two * 10) / 10 };
  } finally {
    setDatabase(undefined);
    await handle.close();
    await cleanup();
  }
}

const floor = values.pg && sizes.length ? await postgresFloor(Math.max(...sizes)) : null;
if (floor) {
  console.log(
    `PostgreSQL's own floor, ${floor.rows.toLocaleString()} products inserted by the server itself: ${floor.oneSessionSeconds} s in one session, ${floor.twoSessionsSeconds} s in two`,
  );
}
fs.mkdirSync(".tmp", { recursive: true });
fs.writeFileSync(".tmp/bench-csv-import-admin.json", JSON.stringify({ results, postgresFloor: floor }, null, 2));
