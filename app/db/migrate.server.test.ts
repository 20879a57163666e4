/**
 * The baseline migration (decision 081) on an empty database: PGlite in memory, or a new PostgreSQL
 * database when DATABASE_URL is set. A fresh database gets the whole schema in one step; one an
 * older Toolnest left part-way through the 38 squashed migrations is refused, untouched; one at the
 * last of them (0037) starts and applies nothing.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { assertLocalDatabaseUrl, withDatabase } from "../../tests/setup/local-database";
import { type DatabaseHandle, DatabaseOpenError, migrationsFolder, openDatabase, openMemoryDatabase } from "./client.server";
import { col, selectRow, selectRows } from "./rows.server";

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", file), "utf8"));
const journalWhens: number[] = readJson("_journal.json").entries.map((entry: { when: number }) => entry.when);
const baselineWhen = journalWhens[0]!;
/** The migrations made after the squash, which every database applies on top of the baseline. */
const laterWhens = journalWhens.slice(1);

interface Snapshot {
  tables: Record<string, { name: string; columns: Record<string, unknown>; indexes: Record<string, unknown> }>;
}
/** drizzle-kit's latest snapshot: what `npm run db:generate` diffs the schema against. */
const latestSnapshot = (): Snapshot => readJson(fs.readdirSync(path.join(migrationsFolder, "meta")).filter((f) => f.endsWith("_snapshot.json")).sort().at(-1)!);

const opened: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of opened.splice(0)) await handle.close();
});

/** A database nothing has touched, closed (and on PostgreSQL dropped) after the test. */
async function emptyDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openMemoryDatabase();
    opened.push(handle);
    return handle;
  }
  assertLocalDatabaseUrl(url);
  // The run id in the name lets the global teardown drop it should this test not get to.
  const name = `toolnest_m_${inject("runId")}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`create database "${name}"`);
  const handle = await openDatabase({ databaseUrl: withDatabase(url, name), dataDir: "", purpose: "tests", poolMax: 2 });
  opened.push({ ...handle, close: () => handle.close().then(() => admin(`drop database if exists "${name}" with (force)`)) });
  return handle;
}

/** Leaves the migrations table as the old chain would have after its first `applied` migrations. */
async function appliedByOlderToolnest(handle: DatabaseHandle, applied: number) {
  await handle.db.execute(sql`create schema drizzle`);
  await handle.db.execute(sql`create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
  for (let i = 1; i <= applied; i++) {
    // Journal times spaced a minute apart, the last one `38 - applied` minutes before the baseline's.
    const when = baselineWhen - (38 - i) * 60_000;
    await handle.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${`old-${i}`}, ${when})`);
  }
}

const names = (handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  selectRows(handle.db, z.object({ name: col.text }), query).then((rows) => rows.map((row) => row.name));
const migrationRows = (handle: DatabaseHandle) =>
  selectRows(handle.db, z.object({ created_at: col.int }), sql`select created_at from drizzle.__drizzle_migrations order by id`);
const hasProducts = async (handle: DatabaseHandle) =>
  (await selectRow(handle.db, z.object({ present: col.bool }), sql`select to_regclass('public.products') is not null as present`))?.present;

// Each test starts a database of its own (PGlite: seconds on a loaded machine) and migrates it.
describe("the baseline migration", { timeout: 120_000 }, () => {
  it("builds the whole schema on an empty database: the baseline, then what came after it", async () => {
    const handle = await emptyDatabase();
    await handle.migrate();

    expect((await migrationRows(handle)).map((row) => row.created_at)).toEqual(journalWhens);
    const columns = await names(handle, sql`select table_name || '.' || column_name as name from information_schema.columns where table_schema = 'public'`);
    const indexes = await names(handle, sql`select indexname as name from pg_indexes where schemaname = 'public'`);
    for (const table of Object.values(latestSnapshot().tables)) {
      for (const column of Object.keys(table.columns)) expect(columns).toContain(`${table.name}.${column}`);
      for (const index of Object.keys(table.indexes)) expect(indexes).toContain(index);
    }
    // What only SQL creates (drizzle-kit knows nothing of these): kept counts, their triggers, functions.
    const tables = await names(handle, sql`select table_name as name from information_schema.tables where table_schema = 'public'`);
    expect(tables).toEqual(expect.arrayContaining(["admin_product_links", "admin_link_facet_counts", "product_month_counts", "feedback_review_counts", "feedback_reviewed_products", "feedback_review_totals"]));
    const triggers = await names(handle, sql`select tgname as name from pg_trigger where not tgisinternal`);
    expect(triggers).toHaveLength(40);
    expect(triggers).toEqual(expect.arrayContaining(["products_stats_init", "product_upvotes_count", "bookmarks_count", "product_feedback_count", "user_suspension_comments", "product_feedback_names"]));
    const functions = await names(handle, sql`select proname as name from pg_proc p where pronamespace = 'public'::regnamespace and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`);
    expect(functions).toHaveLength(28);
    expect(functions).toEqual(expect.arrayContaining(["engagement_toggle", "rate_limit_hit", "toolnest_name_keys", "short_grams"]));
    expect(await names(handle, sql`select extname as name from pg_extension where extname = 'pg_trgm'`)).toEqual(["pg_trgm"]);
    expect(await selectRows(handle.db, z.object({ id: col.int, products_reviewed: col.int }), sql`select * from feedback_review_totals`)).toEqual([{ id: 1, products_reviewed: 0 }]);

    await handle.migrate(); // a second start applies nothing
    expect(await migrationRows(handle)).toHaveLength(journalWhens.length);
  });

  it("refuses a database an older Toolnest left before the last squashed migration, and leaves it untouched", async () => {
    const handle = await emptyDatabase();
    await appliedByOlderToolnest(handle, 6);

    const refused = handle.migrate();
    await expect(refused).rejects.toThrow(DatabaseOpenError);
    await expect(refused).rejects.toThrow(
      "This database was created by an older Toolnest (migration 6 of 38); upgrade it with version 74a741e first",
    );
    expect(await migrationRows(handle)).toHaveLength(6);
    expect(await hasProducts(handle)).toBe(false);
  });

  it("skips the baseline on a database the old migrations brought to their last (0037), and applies only what came after", async () => {
    const handle = await emptyDatabase();
    await appliedByOlderToolnest(handle, 38);
    // Stand-ins for the two tables the old chain made that later migrations refer to.
    await handle.db.execute(sql`create table products (id serial primary key)`);
    await handle.db.execute(sql`create table "user" (id text primary key)`);

    await handle.migrate();
    expect((await migrationRows(handle)).map((row) => row.created_at)).toEqual([...Array.from({ length: 37 }, (_, i) => baselineWhen - (37 - i) * 60_000), baselineWhen, ...laterWhens]);
    // The baseline did not run: its tables are not there.
    expect(await selectRow(handle.db, z.object({ present: col.bool }), sql`select to_regclass('public.niches') is not null as present`)).toEqual({ present: false });
  });
});
