/**
 * Where the database's own time goes when products are inserted (issue 13, decision 042): the
 * same products inserted by the database itself (generated in SQL: no client, no parsing, no links,
 * no outcomes) into `products` as the migrations leave it, then with parts of its work taken away,
 * each variant in a transaction that is rolled back. No import can be faster than the first line;
 * the others say what each part costs per product. PGlite always; PostgreSQL with --pg (a scratch
 * database on DATABASE_URL's server, local hosts only).
 *
 *   npx tsx bench/import-floor.ts [--rows 20000] [--pg] [--runs 2]
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { type Database } from "../app/db/client.server";
import { queryRows } from "../tests/support/raw-rows";
import { floorInsert } from "./floor-insert";
import { openScratchDatabase } from "./scratch-database";

const { values } = parseArgs({ options: { rows: { type: "string", default: "20000" }, pg: { type: "boolean" }, runs: { type: "string", default: "2" } } });
const rows = Number(values.rows);
const runs = Math.max(1, Number(values.runs) || 1);

type Step = (tx: Database) => Promise<unknown>;
const dropSecondaryIndexes: Step = async (tx) => {
  const indexes = await queryRows<{ name: string }>(
    tx,
    sql`select i.relname as name from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid = 'products'::regclass and not x.indisprimary and not x.indisunique`,
  );
  for (const { name } of indexes) await tx.execute(sql.raw(`drop index "${name}"`));
};
const dropSearchVector: Step = (tx) => tx.execute(sql`alter table products drop column search_vector cascade`);
const disableTriggers: Step = (tx) => tx.execute(sql`alter table products disable trigger user`);

const variants: { name: string; steps: Step[] }[] = [
  { name: "as migrated (every index, the search vector, triggers)", steps: [] },
  { name: "without the search vector (column and its index)", steps: [dropSearchVector] },
  { name: "without the secondary indexes (search vector computed)", steps: [dropSecondaryIndexes] },
  { name: "without both", steps: [dropSecondaryIndexes, dropSearchVector] },
  { name: "bare table (also no triggers)", steps: [dropSecondaryIndexes, dropSearchVector, disableTriggers] },
];

class Rollback extends Error {}

/** Seconds the insert took inside a transaction that made the variant's changes first; rolled back, then vacuumed. */
async function timeVariant(db: Database, steps: Step[]): Promise<number> {
  let seconds = 0;
  await db
    .transaction(async (tx) => {
      for (const step of steps) await step(tx as unknown as Database);
      const started = performance.now();
      await tx.execute(floorInsert(1, rows));
      seconds = (performance.now() - started) / 1000;
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  await db.execute(sql`vacuum products`);
  return seconds;
}

async function measure(onPostgres: boolean) {
  const { handle, cleanup } = await openScratchDatabase("import_floor", onPostgres);
  try {
    await handle.migrate();
    const results: { database: string; variant: string; seconds: number; usPerProduct: number; per100k: number }[] = [];
    for (const variant of variants) {
      const times: number[] = [];
      for (let run = 0; run < runs; run++) times.push(await timeVariant(handle.db, variant.steps));
      const seconds = Math.min(...times);
      results.push({
        database: onPostgres ? "postgres" : "pglite",
        variant: variant.name,
        seconds: Math.round(seconds * 100) / 100,
        usPerProduct: Math.round((seconds / rows) * 1e6),
        per100k: Math.round((seconds / rows) * 100_000 * 10) / 10,
      });
    }
    return results;
  } finally {
    await cleanup();
  }
}

const results = [...(await measure(false)), ...(values.pg ? await measure(true) : [])];
console.log(`\n${rows.toLocaleString()} products inserted by the database itself, best of ${runs} (seconds; µs per product; seconds per 100,000 at that rate):`);
console.table(results);
fs.mkdirSync(".tmp", { recursive: true });
fs.writeFileSync(".tmp/bench-import-floor.json", JSON.stringify({ rows, runs, results }, null, 2));
