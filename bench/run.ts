/**
 * `npm run bench`: every figure the issues ask for, measured in one run on this machine.
 *   --products N       synthetic catalogue size on PGlite (default 100,000)
 *   --pg-products N    synthetic catalogue size on PostgreSQL (default 1,000,000; 0 to skip)
 *   --skip-startup --skip-import --skip-http   leave parts out
 *   --skip-engagement  leave out the upvote/save toggle benchmark (PostgreSQL, 50 users, 10 s each)
 *   --skip-load        leave out the overload benchmark (200 visitors on PGlite and PostgreSQL, with and without a junk session cookie)
 *   --skip-wizard      leave out the submission wizard's save action (HTTP, PGlite)
 *   --skip-lighthouse  leave out Lighthouse (mobile) on a product page, home and a niche page (demo catalogue, PGlite)
 *   --skip-admin-import leave out the admin bulk upload (10k and 100k rows, PGlite and PostgreSQL, and 100k through the server on PostgreSQL)
 *   --skip-search-quality leave out the judged search set (nDCG@5, P@5 per query kind, ours against MiniSearch; demo catalogue, PGlite)
 *   --skip-pages       leave out the pages' request rates against React Router's floor (demo catalogue, PGlite and PostgreSQL)
 *   --skip-alternatives leave out the alternatives' nDCG@5 and P@5 on their judged set (demo catalogue, PGlite)
 *   --load-seconds N   length of each overload run (default 60)
 * PostgreSQL is DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres (local hosts only);
 * a scratch database is created and dropped.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../app/db/client.server";
import { queryRows } from "../tests/support/raw-rows";
import { setDatabase } from "../app/db/registry.server";
import { clearMemo } from "../app/features/catalog/memo.server";
import { resetShuffleCache } from "../app/features/catalog/mutations/shuffle.server";
import { assertLocalDatabaseUrl } from "../tests/setup/local-database";
import { runAdminProductsBench } from "./admin-products";
import { runAlternativesQuality } from "./alternatives-quality";
import { placeInTaxonomy, runListBench } from "./catalog-scale";
import { runHttpBench, runPageRates, runWorkerScaling, startApp, type PageRate } from "./http";
import { pickPages, printLighthouse, runLighthouse } from "./lighthouse";
import { runEngagementBench } from "./engagement";
import { runImportBench } from "./import";
import { runLoadBench, type LoadRun } from "./load";
import { runSearchQualityBench } from "./search-quality";
import { generateSyntheticCatalog, runSearchBench } from "./search-scale";
import { scratchPostgres } from "./scratch-database";
import { runStartupBench } from "./startup";
import { runWizardBench } from "./wizard";
import type { Timing } from "./stats";

const { values } = parseArgs({
  options: {
    products: { type: "string", default: "100000" },
    "pg-products": { type: "string", default: "1000000" },
    "skip-startup": { type: "boolean", default: false },
    "skip-import": { type: "boolean", default: false },
    "skip-http": { type: "boolean", default: false },
    "skip-engagement": { type: "boolean", default: false },
    "skip-load": { type: "boolean", default: false },
    "skip-cluster": { type: "boolean", default: false },
    "skip-wizard": { type: "boolean", default: false },
    "skip-pages": { type: "boolean", default: false },
    "skip-search-quality": { type: "boolean", default: false },
    "skip-admin-import": { type: "boolean", default: false },
    "skip-lighthouse": { type: "boolean", default: false },
    "skip-alternatives": { type: "boolean", default: false },
    "load-seconds": { type: "string", default: "60" },
  },
});

const log = (line: string) => console.log(line);
const report: Record<string, unknown> = { machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`, node: process.version };

function printTimings(title: string, timings: Timing[]) {
  console.log(`\n${title}`);
  console.table(timings.map((t) => ({ operation: t.op, n: t.n, "p50 ms": t.p50, "p95 ms": t.p95, "max ms": t.max })));
}

async function scale(handle: DatabaseHandle, products: number, label: string) {
  setDatabase(handle);
  clearMemo();
  resetShuffleCache();
  await handle.migrate();
  const started = performance.now();
  await generateSyntheticCatalog(handle.db, products, { log });
  await placeInTaxonomy(handle.db, log);
  log(`  ${label}: catalogue of ${products.toLocaleString()} ready in ${Math.round((performance.now() - started) / 1000)} s`);
  const search = await runSearchBench(handle.db, { queries: 1000 });
  const lists = await runListBench(handle.db, { iterations: 200 });
  const timings: Timing[] = [{ op: "search (all kinds)", n: 1000, p50: search.p50, p95: search.p95, max: search.max }, ...lists];
  timings.push(...(await runAdminProductsBench(handle.db, { iterations: 200, log }))); // Manage Products (decision 037)
  printTimings(`${label}, ${products.toLocaleString()} products`, timings);
  console.log(`  search quality: exact name first ${search.exactNameFirst}, typo in top 5 ${search.typoInTop5}`);
  console.log(`  slowest searches: ${search.slowest.slice(0, 3).map((s) => `${s.kind} "${s.q.slice(0, 30)}" ${s.ms} ms`).join("; ")}`);
  report[label] = { products, timings, searchByKind: search.byKind, quality: { exact: search.exactNameFirst, typo: search.typoInTop5 } };
  const [row] = await queryRows<{ slug: string }>(
    handle.db,
    sql`select p.slug from products p join product_stats s on s.product_id = p.id
        where p.status = 'live' and p.type = 'product' order by s.upvotes desc limit 1`,
  );
  return row!.slug;
}

if (!values["skip-startup"]) {
  log("== start-up (fresh clone: no build, no data)");
  const startup = await runStartupBench();
  report.startup = startup;
  log(`  first start ${startup.firstStartSeconds.toFixed(1)} s, warm start ${startup.warmStartSeconds.toFixed(1)} s`);
}

if (!values["skip-import"]) {
  log("== catalogue import");
  const imports = await runImportBench();
  report.import = imports;
  console.table(imports);
}

if (!values["skip-search-quality"]) {
  log("== search quality: judged queries over the demo catalogue, ours against MiniSearch (bench/search-judgments)");
  report.searchQuality = (await runSearchQualityBench({ log })).rows;
}

const pgliteProducts = Number(values.products);
if (pgliteProducts > 0) {
  log(`== PGlite (embedded), ${pgliteProducts.toLocaleString()} products`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-bench-"));
  try {
    const handle = await openDatabase({ dataDir, purpose: "bench" });
    let slug: string;
    try {
      slug = await scale(handle, pgliteProducts, "PGlite");
    } finally {
      setDatabase(undefined);
      await handle.close();
    }
    if (!values["skip-http"]) {
      log("== product page request rate (PGlite catalogue) against a bare Node server");
      const http = await runHttpBench({ env: { DATA_DIR: dataDir, DATABASE_URL: "" }, slug });
      report.http = http;
      console.table([http]);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const pgProducts = Number(values["pg-products"]);
if (pgProducts > 0) {
  const scratch = await scratchPostgres("bench");
  log(`== PostgreSQL, ${pgProducts.toLocaleString()} products (scratch database ${scratch.name})`);
  try {
    const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: "", purpose: "bench" });
    try {
      await scale(handle, pgProducts, "PostgreSQL");
    } finally {
      setDatabase(undefined);
      await handle.close();
    }
  } finally {
    await scratch.drop();
  }
}

if (!values["skip-load"]) {
  const seconds = Number(values["load-seconds"]);
  log("== overload: 200 anonymous visitors on home, niche, product and search pages (demo catalogue)");
  const runs: LoadRun[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-load-"));
  try {
    runs.push(...(await runLoadBench({ database: "PGlite", env: { DATA_DIR: dataDir, DATABASE_URL: "" }, seconds, log })));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const scratch = await scratchPostgres("load");
  try {
    // Two workers, as issue 34 measured (`npm start` on a 2-core machine); the scaling with workers is measured next.
    runs.push(...(await runLoadBench({ database: "PostgreSQL, 2 workers", env: { DATABASE_URL: scratch.url, WEB_CONCURRENCY: "2" }, seconds, log })));
    if (!values["skip-cluster"]) {
      log("== npm start on PostgreSQL with 1 and 2 worker processes (WEB_CONCURRENCY), pages rendered per request");
      const scaling = await runWorkerScaling({ env: { DATABASE_URL: scratch.url } });
      report.workers = scaling;
      console.table(scaling);
    }
  } finally {
    await scratch.drop();
  }
  report.load = runs;
  console.table(runs);
}

/** The demo catalogue into the database `env` names, as `npm run db:seed` does. */
function seedDemoCatalogue(env: Record<string, string>) {
  execFileSync(path.resolve("node_modules/.bin/tsx"), ["scripts/db-seed.ts"], { env: { ...process.env, ...env, LOG_LEVEL: "silent" }, stdio: ["ignore", "ignore", "inherit"] });
}

if (!values["skip-pages"]) {
  log("== pages rendered per request against React Router's floor (demo catalogue; page cache off)");
  const rates: PageRate[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-pages-"));
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    seedDemoCatalogue(env);
    rates.push(...(await runPageRates({ database: "PGlite", env })));
    if (!values["skip-lighthouse"]) {
      log("== Lighthouse (mobile, simulated throttling; median of 3) on the same catalogue, page cache on");
      const app = await startApp({ ...env, PAGE_CACHE_SECONDS: "10" });
      try {
        const pages = await runLighthouse(app.base, await pickPages(app.base), { log });
        report.lighthouse = pages.map(({ report: _report, ...page }) => page);
        printLighthouse(pages);
      } finally {
        await app.stop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const scratch = await scratchPostgres("pages");
  try {
    // One worker, so the two databases compare; the scaling with workers is measured with --skip-load off.
    const env = { DATABASE_URL: scratch.url, WEB_CONCURRENCY: "1" };
    seedDemoCatalogue(env);
    rates.push(...(await runPageRates({ database: "PostgreSQL", env })));
  } finally {
    await scratch.drop();
  }
  report.pages = rates;
  console.table(rates);
}

if (!values["skip-engagement"]) {
  const url = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  assertLocalDatabaseUrl(url);
  log("== upvote and save toggles on PostgreSQL: 50 signed-in users on one product, over HTTP");
  const engagement = await runEngagementBench({ adminUrl: url, log });
  report.engagement = engagement;
  console.table(engagement);
}

if (!values["skip-wizard"]) {
  log("== submission wizard: the save action over HTTP (PGlite)");
  const wizard = await runWizardBench({ log });
  report.wizard = wizard;
  printTimings("wizard saves", wizard);
}

if (!values["skip-alternatives"]) report.alternatives = await runAlternativesQuality({ log });

if (!values["skip-admin-import"]) {
  const url = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  assertLocalDatabaseUrl(url);
  // Separate processes: each measures its own memory, which this one's catalogues would swell.
  const run = (script: string, args: string[]) =>
    execFileSync(path.resolve("node_modules/.bin/tsx"), [script, ...args], { env: { ...process.env, DATABASE_URL: url }, stdio: ["ignore", "inherit", "inherit"] });
  log("== admin bulk upload: staged (mapping preview ready), then imported by the job, PGlite and PostgreSQL (issue 13)");
  run("bench/csv-import-admin.ts", ["--rows", "10000,100000", "--pg"]);
  log("== admin bulk upload through the server (npm start, PostgreSQL): upload, Proceed, the server's job; its processes' memory");
  run("bench/csv-import-server.ts", ["--rows", "100000"]);
  report.adminImport = {
    inProcess: JSON.parse(fs.readFileSync(".tmp/bench-csv-import-admin.json", "utf8")),
    server: JSON.parse(fs.readFileSync(".tmp/bench-csv-import-server.json", "utf8")),
  };
}

fs.mkdirSync(".tmp", { recursive: true });
fs.writeFileSync(".tmp/bench-report.json", JSON.stringify(report, null, 2));
log("\nFull report: .tmp/bench-report.json");
