/**
 * The CSV upload's staging alone (decision 042): `stageUpload` reading a file from disk into a
 * scratch database, in this process, so that it can be profiled (`node --cpu-prof`) without the
 * server. Reports MB/s. By default a ~100 MB file of long descriptions (bench/import.ts).
 *
 *   npx tsx bench/csv-staging.ts [--megabytes 100] [--description-chars 10000] [--rows N (short rows instead)] [--pglite]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { stageUpload } from "../app/features/catalog-import/mutations/staging.server";
import { generateCsv, generateLongCsv } from "./import";
import { openScratchDatabase } from "./scratch-database";

const { values } = parseArgs({
  options: { megabytes: { type: "string", default: "100" }, "description-chars": { type: "string", default: "10000" },
    html: { type: "boolean" }, rows: { type: "string", default: "" }, pglite: { type: "boolean" } },
});
const file = path.join(os.tmpdir(), `toolnest-bench-staging-${process.pid}.csv`);
let rows = Number(values.rows) || 0;
if (rows) await generateCsv(file, rows);
else rows = await generateLongCsv(file, Number(values.megabytes), Number(values["description-chars"]), values.html === true);
const bytes = fs.statSync(file).size;
const { handle, cleanup } = await openScratchDatabase("bench_staging", !values.pglite);
try {
  await handle.migrate();
  const admin = { id: "bench-admin", email: "bench-admin@toolnest.test" };
  await handle.db.execute(sql`insert into "user" (id, name, email) values (${admin.id}, 'Bench Admin', ${admin.email})`);
  const started = performance.now();
  const staged = await stageUpload(handle.db, admin, fs.createReadStream(file, { highWaterMark: 64 * 1024 }), { fileName: "bench.csv" });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `staging on ${values.pglite ? "PGlite" : "PostgreSQL"}: ${staged.rows.toLocaleString()} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s = ${(bytes / 1e6 / seconds).toFixed(1)} MB/s (${os.cpus().length} cores, shared machine: noisy)`,
  );
} finally {
  await cleanup();
  fs.rmSync(file, { force: true });
}
