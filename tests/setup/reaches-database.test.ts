import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { reachesDatabase } from "./reaches-database";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-reaches-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `import(specifier)` written so that this file's own source holds no dynamic import for the scan to follow. */
const dynamicImport = (specifier: string) => `await ${"import"}(${specifier});`;

function testFile(source: string) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.test.ts`);
  fs.writeFileSync(file, source);
  return file;
}

describe("reachesDatabase", () => {
  it("follows the app's imports to getDb()", () => {
    expect(reachesDatabase(path.resolve("app/routes/profile.test.ts"))).toBe(true);
    expect(reachesDatabase(path.resolve("app/lib/format.test.ts"))).toBe(false);
  });

  it("counts value imports, re-exports and literal dynamic imports, not type-only imports", () => {
    expect(reachesDatabase(testFile(`import type { Database } from "~/db/client.server";\nimport fs from "node:fs";`))).toBe(false);
    expect(reachesDatabase(testFile(`import { type DatabaseHandle, getDb } from "~/db/registry.server";`))).toBe(true);
    expect(reachesDatabase(testFile(`import {\n  getDb,\n} from "~/db/registry.server";`))).toBe(true);
    expect(reachesDatabase(testFile(`export * from "~/db/registry.server";`))).toBe(true);
    expect(reachesDatabase(testFile(dynamicImport(`"~/db/registry.server"`)))).toBe(true);
    expect(reachesDatabase(testFile(`import "${path.resolve("app/db/registry.server.ts")}";`))).toBe(true);
  });

  it("treats an import it cannot follow as reaching the database", () => {
    expect(reachesDatabase(testFile(`const where = "./x";\n${dynamicImport("where")}`))).toBe(true);
    expect(reachesDatabase(testFile(`const name = "x";\n${dynamicImport("`./build/${name}.js`")}`))).toBe(true);
  });
});
