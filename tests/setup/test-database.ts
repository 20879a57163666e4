import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, openMemoryDatabase, type DatabaseHandle } from "../../app/db/client.server";
import { assertLocalDatabaseUrl, withDatabase } from "./local-database";

/**
 * A fresh database cloned from the run's template: PGlite in memory by default, or a new
 * PostgreSQL database when DATABASE_URL is set. Closing it drops it.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const tar = fs.readFileSync(inject("pgliteTemplate"));
    return openMemoryDatabase(new Blob([tar]));
  }
  assertLocalDatabaseUrl(url);
  const name = `toolnest_t_${inject("runId")}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${inject("pgTemplate")}"`);
  } finally {
    await admin.end();
  }
  // An explicit pool size: env() must not be read (and cached) before a test file sets its variables.
  const handle = await openDatabase({ databaseUrl: withDatabase(url, name), dataDir: "", purpose: "tests", poolMax: 10 });
  return {
    ...handle,
    async close() {
      await handle.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
