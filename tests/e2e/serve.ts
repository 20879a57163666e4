/**
 * Starts the built app for the end-to-end suite on a fresh data directory, or on a fresh
 * PostgreSQL database derived from DATABASE_URL (local only), and removes it afterwards.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { assertLocalDatabaseUrl, withDatabase } from "../setup/local-database";

// playwright.config.ts chooses it (tests read the outbox there); a fresh one when run alone.
const dataDir = process.env.E2E_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-e2e-"));
process.env.DATA_DIR = dataDir;
let dropDatabase: (() => Promise<void>) | undefined;

const url = process.env.DATABASE_URL;
if (url) {
  assertLocalDatabaseUrl(url);
  const name = `toolnest_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  process.env.DATABASE_URL = withDatabase(url, name);
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  };
}

const cleanup = async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase?.().catch(() => {});
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.prependListener(signal, () => {
    void cleanup().finally(() => process.exit(0));
  });
}

// Fixture data before the app starts: the demo catalogue, the administrator (made by the real
// `npm run admin:create` command, see admin-account.ts), then tests/e2e/seed-fixtures.ts (a maker
// signed in through the development sign-in who submitted one demo product).
{
  const { execFileSync } = await import("node:child_process");
  const { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } = await import("./admin-account");
  for (const [script, ...args] of [
    ["scripts/db-seed.ts"],
    ["scripts/admin-create.ts", "--email", E2E_ADMIN_EMAIL, "--password", E2E_ADMIN_PASSWORD],
    ["tests/e2e/seed-fixtures.ts"],
  ] as [string, ...string[]][]) {
    execFileSync(process.execPath, ["--import", "tsx", script, ...args], { stdio: ["ignore", "ignore", "inherit"], env: process.env });
  }
}

await import("../../scripts/start");
