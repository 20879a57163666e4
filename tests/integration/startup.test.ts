import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DatabaseOpenError, openDatabase } from "~/db/client.server";
import { runScript } from "./run-script";
import { tempDirs } from "../support/temp-dirs";

const temp = tempDirs("toolnest-startup-");
const tempDir = temp.make;
afterEach(temp.removeAll);

describe("start-up failures say what is wrong in one line", { timeout: 120_000 }, () => {
  it("rejects an invalid PORT", async () => {
    const result = await runScript("scripts/start.mjs", [], { PORT: "not-a-port", DATA_DIR: tempDir() });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Error: Invalid configuration: PORT /);
  });

  it("rejects a DATABASE_URL that is not a PostgreSQL URL", async () => {
    const result = await runScript("scripts/start.mjs", [], { DATABASE_URL: "mysql://localhost/x", DATA_DIR: tempDir() });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      "Error: Invalid configuration: DATABASE_URL must start with postgres:// or postgresql://",
    );
  });

  it("names an unreachable PostgreSQL server without a stack trace", async () => {
    const result = await runScript("scripts/start.mjs", [], {
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/toolnest",
      DATA_DIR: tempDir(),
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      "Error: Cannot use the PostgreSQL database at 127.0.0.1:1/toolnest: connection refused (is the server running?).",
    ]);
  });

  it("refuses to open the embedded database while another process holds it", async () => {
    const dataDir = tempDir();
    const handle = await openDatabase({ dataDir, purpose: "a test holding the database" });
    try {
      const result = await runScript("scripts/db-migrate.ts", [], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`is in use by another process (pid ${process.pid}, a test holding the database)`);
    } finally {
      await handle.close();
    }
    const again = await runScript("scripts/db-migrate.ts", [], { DATA_DIR: dataDir });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("Migrations applied");
  });
});

describe("the embedded database on disk", { timeout: 120_000 }, () => {
  it("reports a damaged data directory clearly instead of crashing", async () => {
    const dataDir = tempDir();
    const pgDir = path.join(dataDir, "pgdata");
    fs.mkdirSync(pgDir, { recursive: true });
    fs.writeFileSync(path.join(pgDir, "PG_VERSION"), "garbage\n");
    fs.writeFileSync(path.join(pgDir, ".toolnest-ready"), "x");
    await expect(openDatabase({ dataDir, purpose: "test" })).rejects.toThrow(DatabaseOpenError);
    await expect(openDatabase({ dataDir, purpose: "test" })).rejects.toThrow(/could not be opened .* move the folder aside/);
  });

  it("starts over from a first start that was interrupted before the database was ready", async () => {
    const dataDir = tempDir();
    const pgDir = path.join(dataDir, "pgdata");
    fs.mkdirSync(pgDir, { recursive: true });
    fs.writeFileSync(path.join(pgDir, "PG_VERSION"), "half-written");
    const handle = await openDatabase({ dataDir, purpose: "test" });
    try {
      await handle.migrate();
      expect(await handle.ping()).toBe(true);
      expect(fs.existsSync(path.join(pgDir, ".toolnest-ready"))).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
