/**
 * A throw-away database for a benchmark run alone: a scratch PostgreSQL database (DATABASE_URL or
 * the local server, local hosts only) created and dropped, or a PGlite directory removed after.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../app/db/client.server";
import { assertLocalDatabaseUrl, withDatabase } from "../tests/setup/local-database";

export async function openScratchDatabase(name: string, onPostgres: boolean): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  if (!onPostgres) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `toolnest-${name}-`));
    const handle = await openDatabase({ dataDir, purpose: "bench" });
    return {
      handle,
      cleanup: async () => {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const scratch = await scratchPostgres(name);
  const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: "", purpose: "bench" });
  return {
    handle,
    cleanup: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** A scratch PostgreSQL database on DATABASE_URL's server (local hosts only): its URL, and how to drop it. */
export async function scratchPostgres(name: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  assertLocalDatabaseUrl(url);
  const scratch = `toolnest_${name.replaceAll("-", "_")}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${scratch}"`);
  await admin.end();
  return {
    name: scratch,
    url: withDatabase(url, scratch),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists "${scratch}" with (force)`);
      await client.end();
    },
  };
}

/**
 * The PostgreSQL database `toolnest_bench_<name>` on DATABASE_URL's server (local hosts only),
 * created when missing and kept afterwards, so a second run measures without seeding again.
 */
export async function openKeptDatabase(name: string): Promise<{ handle: DatabaseHandle; fresh: boolean; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  assertLocalDatabaseUrl(url);
  const database = `toolnest_bench_${name.replace(/\W/g, "_")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const exists = (await admin.query("select 1 from pg_database where datname = $1", [database])).rowCount! > 0;
  if (!exists) await admin.query(`create database "${database}"`);
  await admin.end();
  const handle = await openDatabase({ databaseUrl: withDatabase(url, database), dataDir: "", purpose: "bench" });
  return { handle, fresh: !exists, cleanup: () => handle.close() };
}
