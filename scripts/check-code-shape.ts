/**
 * The code-shape targets of issue 35, checked on every CI run (`npm run check:shape`):
 *  - no source file over 300 lines (tests, generated route types and migrations excepted);
 *  - at most two `Symbol.for(...)` process singletons, each with a comment saying why;
 *  - one module folder writes each aggregate's tables (WRITERS): products and their links only in
 *    `app/domain/products/`, reviews only in `app/domain/reviews/`, listing reports only in
 *    `app/features/reports/`, orders only in the promotion
 *    feature, imports only in the CSV import feature;
 *  - no raw rows asserted to a type unchecked (`queryRows<T>`): reads parse at `app/db/rows.server.ts`.
 * Prints each breach with its place and exits 1 when there is one.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

const root = join(import.meta.dirname, "..");
export const MAX_LINES = 300;
export const MAX_SINGLETONS = 2;
/** The one folder that may insert, update or delete each table (raw SQL or Drizzle's builder). */
export const WRITERS: Record<string, string[]> = {
  "app/domain/products/": ["products", "product_niches", "product_subcategories", "product_makers"],
  "app/domain/reviews/": ["product_feedback"],
  "app/features/promotion/": ["promotion_orders", "payment_events"],
  "app/features/catalog-import/": ["catalog_imports", "catalog_import_rows"],
  "app/features/reports/": ["listing_reports"],
};

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "+types" || name === "migrations" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mjs)$/.test(name)) out.push(path);
  }
  return out;
}

const isTest = (path: string) => /\.(test|spec)\.(ts|tsx)$/.test(path) || path.startsWith(`tests${sep}`) || path.startsWith("tests/");

export interface Breach {
  rule: string;
  place: string;
  detail: string;
}

export function checkShape(base = root): Breach[] {
  const breaches: Breach[] = [];
  const files = ["app", "server", "scripts"].flatMap((dir) => {
    try {
      return sourceFiles(join(base, dir));
    } catch {
      return [];
    }
  });
  const writers = Object.entries(WRITERS).map(([owner, tables]) => ({
    owner,
    tables,
    sql: new RegExp(String.raw`\b(insert\s+into|update|delete\s+from)\s+"?(${tables.join("|")})"?(?=[\s(;]|$)`, "i"),
    builder: new RegExp(String.raw`\.(insert|update|delete)\(\s*(${tables.join("|")})\s*\)`),
  }));
  let singletons = 0;
  for (const path of files) {
    const rel = relative(base, path).split(sep).join("/");
    if (rel === "scripts/check-code-shape.ts" || rel === "scripts/check-code-shape.test.ts") continue;
    const text = readFileSync(path, "utf8");
    const lines = text.split("\n");
    if (text.endsWith("\n")) lines.pop();
    if (!isTest(rel) && lines.length > MAX_LINES) {
      breaches.push({ rule: "file size", place: rel, detail: `${lines.length} lines (at most ${MAX_LINES})` });
    }
    if (isTest(rel)) continue;
    lines.forEach((line, index) => {
      const place = `${rel}:${index + 1}`;
      if (/Symbol\.for\(/.test(line)) {
        singletons++;
        const previous = lines.slice(Math.max(0, index - 3), index).join("\n");
        if (!/\/\/|\*/.test(previous)) breaches.push({ rule: "singleton without a why", place, detail: line.trim() });
      }
      for (const writer of writers) {
        if (!rel.startsWith(writer.owner) && (writer.sql.test(line) || writer.builder.test(line))) {
          breaches.push({ rule: `${writer.tables[0]} written outside ${writer.owner}`, place, detail: line.trim() });
        }
      }
      // app/db/rows.server.ts is the boundary that parses what the drivers answer.
      if (rel !== "app/db/rows.server.ts" && /\bqueryRows<|as unknown as \{ rows/.test(line)) {
        breaches.push({ rule: "unchecked row type", place, detail: line.trim() });
      }
    });
  }
  if (singletons > MAX_SINGLETONS) {
    breaches.push({ rule: "process singletons", place: "(all source)", detail: `${singletons} Symbol.for(...) (at most ${MAX_SINGLETONS})` });
  }
  return breaches;
}

if (process.argv[1]?.endsWith("check-code-shape.ts")) {
  const breaches = checkShape();
  const byRule = new Map<string, Breach[]>();
  for (const breach of breaches) byRule.set(breach.rule, [...(byRule.get(breach.rule) ?? []), breach]);
  for (const [rule, list] of byRule) {
    console.log(`\n${rule}: ${list.length}`);
    for (const breach of list) console.log(`  ${breach.place}  ${breach.detail.slice(0, 140)}`);
  }
  console.log(breaches.length === 0 ? "code shape: every target holds" : `\ncode shape: ${breaches.length} breaches`);
  process.exitCode = breaches.length === 0 ? 0 : 1;
}
