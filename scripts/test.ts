/**
 * `npm test`: every suite. Unit and loader tests (Vitest) against a real database, then the
 * end-to-end suite in Chromium. A missing browser stops the run with instructions; it never skips.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromiumAvailable, chromiumPath } from "../tests/e2e/chromium";
import { reachesDatabase } from "../tests/setup/reaches-database";

const bin = (name: string) => path.resolve("node_modules/.bin", name);
const extra = process.argv.slice(2);

if (!chromiumAvailable()) {
  console.error(
    `Chromium was not found at ${chromiumPath()}; the end-to-end tests need it.\n` +
      `Install Debian's package: sudo apt-get install -y chromium (or set CHROME_PATH to a Chromium binary).`,
  );
  process.exit(1);
}

fs.mkdirSync(".tmp", { recursive: true });
for (const file of [".tmp/vitest-results.json", ".tmp/playwright-results.json"]) fs.rmSync(file, { force: true });
const where = process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite";
console.log(`Running the test suites on ${where}.`);

// UNIT_FILES=database runs only the Vitest files whose imports reach the database (CI's PostgreSQL
// pass, decision 065): the others cannot answer differently on another database.
const unitFiles = process.env.UNIT_FILES === "database" ? databaseTestFiles() : [];
if (unitFiles.length) console.log(`Vitest files: the ${unitFiles.length} that reach the database.`);
const unit = spawnSync(bin("vitest"), ["run", "--reporter=default", "--reporter=json", "--outputFile.json=.tmp/vitest-results.json", ...unitFiles, ...extra], {
  stdio: "inherit",
});
// E2E_PROJECTS=http,desktop runs only those Playwright projects (CI's PostgreSQL pass, decision 058).
const projects = (process.env.E2E_PROJECTS ?? "")
  .split(",")
  .map((name) => name.trim())
  .filter(Boolean)
  .flatMap((name) => ["--project", name]);
if (projects.length) console.log(`End-to-end projects: ${process.env.E2E_PROJECTS}.`);
if (process.env.E2E_AXE === "off") console.log("Accessibility scans (axe): off, E2E_AXE=off (decision 067).");
const e2e = spawnSync(bin("playwright"), ["test", ...projects], { stdio: "inherit" });

function databaseTestFiles(): string[] {
  const listed = spawnSync(bin("vitest"), ["list", "--filesOnly", "--json"], { encoding: "utf8" });
  if (listed.status !== 0) throw new Error(`vitest list failed: ${listed.stderr}`);
  const files = (JSON.parse(listed.stdout) as { file: string }[]).map((entry) => entry.file);
  return files.filter(reachesDatabase).map((file) => path.relative(process.cwd(), file));
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}
const v = readJson(".tmp/vitest-results.json") as { numPassedTests?: number; numFailedTests?: number } | undefined;
const p = readJson(".tmp/playwright-results.json") as
  | { stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number } }
  | undefined;
const passed = (v?.numPassedTests ?? 0) + (p?.stats?.expected ?? 0) + (p?.stats?.flaky ?? 0);
const failed = (v?.numFailedTests ?? 0) + (p?.stats?.unexpected ?? 0);
const ok = unit.status === 0 && e2e.status === 0;
console.log(`\nunit: ${v?.numPassedTests ?? 0} passed, ${v?.numFailedTests ?? 0} failed`);
console.log(`e2e: ${(p?.stats?.expected ?? 0) + (p?.stats?.flaky ?? 0)} passed, ${p?.stats?.unexpected ?? 0} failed`);
console.log(`total: ${passed} passed, ${ok ? failed : Math.max(failed, 1)} failed`);
process.exit(ok ? 0 : 1);
