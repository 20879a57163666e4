import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
/** The modules through which code reaches the database the setup file opens: getDb(), and the auth secret it loads from it. */
const DATABASE_MODULES = new Set([path.join(root, "app/db/registry.server.ts"), path.join(root, "app/domain/auth/config.server.ts")]);
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/**
 * Whether a test file can reach the database through its imports, read from the source: a static
 * or dynamic import of a module that leads to getDb(). An import this cannot follow (a computed
 * `import(path)`, such as the server build's) counts as reaching it. A file that does not reach it
 * gets no database: cloning the template costs 2-3 s of CPU per file on PGlite (decision 065).
 */
export function reachesDatabase(testFile: string): boolean {
  const seen = new Set<string>();
  const pending = [path.resolve(testFile)];
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (DATABASE_MODULES.has(file)) return true;
    const imports = importsOf(file);
    if (imports === "unknown") return true;
    pending.push(...imports);
  }
  return false;
}

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^;'"]*?\s+from\s+)?["']([^"']+)["']|\bimport\(\s*(["'`]?)([^"'`)]*)\3\s*\)/gm;

function importsOf(file: string): string[] | "unknown" {
  // Comment lines may mention imports (this file's own do); no import statement starts with //, /* or *.
  const source = fs.readFileSync(file, "utf8").replace(/^\s*(?:\/\/|\/\*|\*).*$/gm, "");
  const found: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    if (match[1]) continue; // `import type`: erased when compiled
    const quote = match[3];
    const specifier = match[2] ?? match[4]!;
    if (match[4] !== undefined && (!quote || quote === "`" && specifier.includes("${"))) return "unknown";
    const resolved = resolveSpecifier(file, specifier);
    if (resolved) found.push(resolved);
  }
  return found;
}

/** Our own modules (relative, absolute or `~/`); packages cannot reach our database. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".") || path.isAbsolute(specifier)) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  base = base.replace(/\?.*$/, "");
  for (const candidate of [...EXTENSIONS.map((ext) => base + ext), base.replace(/\.js$/, ".ts")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}
