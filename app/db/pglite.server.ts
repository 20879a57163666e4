/**
 * The embedded database (PGlite): one process owns its data directory, and runs it on its own
 * thread (a worker thread gained nothing measurable, decision 079).
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import {
  type Database,
  type DatabaseHandle,
  DatabaseOpenError,
  describeError,
  migrateFromBaseline,
  type OpenOptions,
  pinger,
  schema,
  withTimeout,
} from "./common.server";
import { acquireDataDirLock } from "./lock.server";
import { startCheckpoints } from "./pglite-checkpoints.server";

const READY_MARKER = ".toolnest-ready";

export async function openPglite({ dataDir, purpose }: OpenOptions): Promise<DatabaseHandle> {
  const release = acquireDataDirLock(dataDir, purpose);
  const pgDir = path.join(dataDir, "pgdata");
  const marker = path.join(pgDir, READY_MARKER);
  if (fs.existsSync(pgDir) && !fs.existsSync(marker) && fs.readdirSync(pgDir).length > 0) {
    // A first start was interrupted before the database was ever ready: nothing was served from it.
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
  fs.mkdirSync(pgDir, { recursive: true });
  // PGlite's Node file system writes straight to the files; "syncing" after each statement only
  // walks the mounted tree (milliseconds per query, growing with the database), so don't wait for it.
  const client = new PGlite(pgDir, { extensions: { pg_trgm }, relaxedDurability: true });
  try {
    await withTimeout(client.waitReady, 120_000);
    await client.query("select 1");
  } catch (error) {
    release();
    throw new DatabaseOpenError(
      `The embedded database in ${pgDir} could not be opened (${describeError(error)}). ` +
        `It may be damaged: move the folder aside to start with a fresh database.`,
    );
  }
  const stopCheckpoints = startCheckpoints((text) => client.query(text));
  return pgliteHandle(client, pgDir, { marker, release, stopCheckpoints });
}

/** An in-memory database, optionally restored from a dump (tests clone a template this way). */
export async function openMemoryDatabase(loadDataDir?: Blob): Promise<DatabaseHandle & { client: PGlite }> {
  const client = new PGlite({ extensions: { pg_trgm }, loadDataDir });
  await client.waitReady;
  return { ...pgliteHandle(client, "memory", {}), client };
}

function pgliteHandle(
  client: PGlite,
  where: string,
  options: { marker?: string; release?: () => void; stopCheckpoints?: () => Promise<void> },
): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    where,
    async migrate() {
      await migrateFromBaseline(db, (migrationsFolder) => migratePglite(db as never, { migrationsFolder }));
      if (options.marker) fs.writeFileSync(options.marker, new Date().toISOString());
    },
    ping: pinger((text) => client.query(text)),
    async close() {
      try {
        await options.stopCheckpoints?.();
        if (!client.closed) await client.close();
      } finally {
        options.release?.();
      }
    },
  };
}
