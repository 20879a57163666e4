import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanFixtures, HEADER, productRow, toCsv, writeFixture } from "../app/features/catalog-import/csv-fixtures";

afterAll(cleanFixtures);

describe("npm run catalog:import", () => {
  const tsx = path.resolve("node_modules/.bin/tsx");
  function run(args: string[], dataDir: string) {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    return spawnSync(tsx, ["scripts/catalog-import.ts", ...args], { env, encoding: "utf8", timeout: 120_000 });
  }

  it("imports a file into the embedded database, prints a summary and exits 0", { timeout: 150_000 }, () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-import-cli-"));
    try {
      const file = writeFixture(
        "cli.csv",
        toCsv(HEADER, [productRow({ product_name: "Cli One" }), productRow({ product_name: "Cli Two" }), productRow({ product_name: "x" })]),
      );
      const result = run([file], dataDir);
      expect(result.stderr).not.toMatch(/Error/);
      expect(result.status).toBe(0);
      expect(result.stdout).toContain("Imported: 2 (status live)");
      expect(result.stdout).toContain("Rows with errors (not imported): 1");
      expect(result.stdout).toContain("Row 4: Product name must be at least 3 characters");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("exits 2 for a missing file and 1 for a file it cannot import", { timeout: 60_000 }, () => {
    const dataDir = path.join(os.tmpdir(), "toolnest-import-cli-unused");
    const missing = run(["/nonexistent/products.csv"], dataDir);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("Error: file not found: /nonexistent/products.csv");

    const file = writeFixture("cli-bad.csv", "product_name,headline\nA,B\n");
    const bad = run([file, "--dry-run"], dataDir);
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toBe("Error: Missing required fields: tagline, description, pricing, website_url (or link)");
  });
});
