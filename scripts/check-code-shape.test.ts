import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDirs } from "../tests/support/temp-dirs";
import { checkShape, MAX_LINES } from "./check-code-shape";

const dirs = tempDirs("shape-");
afterAll(() => dirs.removeAll());

function tree(files: Record<string, string>): string {
  const base = dirs.make();
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(base, path, ".."), { recursive: true });
    writeFileSync(join(base, path), text);
  }
  return base;
}

describe("the code-shape check", () => {
  it("passes a tree that keeps every rule", () => {
    const base = tree({
      "app/domain/products/write.server.ts": "await db.execute(sql`update products set status = 'live'`);\n",
      "app/features/x/read.server.ts": "const rows = await selectRows(db, Row, sql`select id from products`);\n",
      "app/features/x/x.test.ts": "await db.execute(sql`insert into products (id) values (1)`);\n".repeat(MAX_LINES + 5),
    });
    expect(checkShape(base)).toEqual([]);
  });

  it("names each breach: a long file, a products write elsewhere, an unchecked row type, singletons", () => {
    const base = tree({
      "app/features/x/long.ts": "const a = 1;\n".repeat(MAX_LINES + 1),
      "app/features/x/write.server.ts": "await db.execute(sql`delete from product_niches where id = 1`);\nawait tx.update(products).set({});\n",
      "app/features/x/read.server.ts": "const rows = await queryRows<{ id: number }>(db, sql`select 1`);\n",
      "server/a.ts": 'const A = Symbol.for("a");\n// why: shared with the app bundle\nconst B = Symbol.for("b");\n// why\nconst C = Symbol.for("c");\n',
    });
    const rules = checkShape(base).map((breach) => `${breach.rule} ${breach.place}`);
    expect(rules).toEqual(
      expect.arrayContaining([
        "file size app/features/x/long.ts",
        "products written outside app/domain/products/ app/features/x/write.server.ts:1",
        "products written outside app/domain/products/ app/features/x/write.server.ts:2",
        "unchecked row type app/features/x/read.server.ts:1",
        "singleton without a why server/a.ts:1",
        "process singletons (all source)",
      ]),
    );
    expect(rules).toHaveLength(6);
  });
});
