/**
 * Starts the built app for the end-to-end suite on a fresh data directory, or on a fresh
 * PostgreSQL database derived from DATABASE_URL (local only), and removes it afterwards.
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { assertLocalDatabaseUrl, withDatabase } from "../setup/local-database";

// One server process (decision 051): a cluster worker would run this file again, with its own database.
process.env.WEB_CONCURRENCY = "1";

// playwright.config.ts chooses it (tests read the outbox there); a fresh one when run alone.
const dataDir = process.env.E2E_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-e2e-"));
process.env.DATA_DIR = dataDir;
let databaseName = "";

const url = process.env.DATABASE_URL;
if (url) {
  assertLocalDatabaseUrl(url);
  databaseName = `toolnest_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists "${databaseName}" with (force)`);
  await admin.query(`create database "${databaseName}"`);
  await admin.end();
  process.env.DATABASE_URL = withDatabase(url, databaseName);
}

// A janitor in its own process group outlives this server however it ends (Playwright stops it
// with SIGTERM, see gracefulShutdown in playwright.config.ts, or kills it outright), then removes
// its data directory and database.
const janitor = `
  const [pid, dir, adminUrl, name] = process.argv.slice(1);
  const alive = () => { try { process.kill(Number(pid), 0); return true; } catch { return false; } };
  const timer = setInterval(async () => {
    if (alive()) return;
    clearInterval(timer);
    require("fs").rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
    if (!name) return;
    const client = new (require("pg").Client)({ connectionString: adminUrl });
    await client.connect();
    await client.query('drop database if exists "' + name + '" with (force)');
    await client.end();
  }, 500);`;
spawn(process.execPath, ["-e", janitor, String(process.pid), dataDir, url ?? "", databaseName], {
  detached: true,
  stdio: "ignore",
}).unref();

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

// The site the AI draft tests read, and a safe fetcher allowed only its port (decision 048), put in
// place in this process before the server starts: nothing outside this harness can reach it.
{
  const { installHarnessLoopbackPorts } = await import("../../app/lib/fetch/safe-fetch.server");
  const { draftSiteFile, startDraftSite } = await import("./draft-site");
  const site = await startDraftSite();
  installHarnessLoopbackPorts([site.port]);
  fs.writeFileSync(draftSiteFile(dataDir), JSON.stringify({ origin: site.origin }));
}

await import("../../scripts/start");
