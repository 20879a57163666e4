/**
 * Starts the built app for the end-to-end suite on a fresh data directory, or on a fresh
 * PostgreSQL database derived from DATABASE_URL (local only), and removes it afterwards.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { assertLocalDatabaseUrl, withDatabase } from "../setup/local-database";

// playwright.config.ts chooses it (tests read the outbox there); a fresh one when run alone.
const dataDir = process.env.E2E_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-e2e-"));
process.env.DATA_DIR = dataDir;
let dropDatabase: (() => void) | undefined;

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
  // Synchronous, so that it can run in the exit handler.
  dropDatabase = () =>
    execFileSync(
      process.execPath,
      ["-e", `const c=new (require("pg").Client)({connectionString:process.env.ADMIN_URL});c.connect().then(()=>c.query('drop database if exists "${name}" with (force)')).finally(()=>c.end())`],
      { env: { ...process.env, ADMIN_URL: url }, stdio: "ignore", timeout: 15_000 },
    );
}

// Playwright stops the server with SIGTERM (gracefulShutdown in playwright.config.ts); the app's
// own handler closes the database and exits, and the data directory and database go with it.
process.on("exit", () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    dropDatabase?.();
  } catch {
    /* a database left behind is dropped by the next run of the same pid at the latest */
  }
});

// Fixture data before the app starts: the demo catalogue, the administrator (made by the real
// `npm run admin:create` command, see admin-account.ts), then tests/e2e/seed-fixtures.ts (a maker
// signed in through the development sign-in who submitted one demo product).
{
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
