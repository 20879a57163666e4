import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const besideSources = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../catalog");

/**
 * The demo catalogue (catalog/ at the repository root): read by the seed, the import tests and the
 * benchmarks. Bundled code (the start script's bundle, scripts/launcher.mjs) lives elsewhere: it
 * finds the catalogue from the working directory, as it finds the migrations.
 */
export const catalogDir = fs.existsSync(besideSources) ? besideSources : path.resolve(process.cwd(), "catalog");
