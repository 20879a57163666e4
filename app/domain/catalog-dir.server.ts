import path from "node:path";
import { fileURLToPath } from "node:url";

/** The demo catalogue (catalog/ at the repository root): read by the seed, the import tests and the benchmarks. */
export const catalogDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../catalog");
