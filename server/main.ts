/**
 * The server build's entry (vite.config.ts): React Router's server build and the server that
 * serves it, bundled together so the process holds one copy of every module (decision 078).
 * `build/server/index.js` stays a ServerBuild (its exports are React Router's) with one more
 * export, `startServer`, which scripts/start.ts calls once the database is migrated.
 */
import * as build from "virtual:react-router/server-build";
import { serveProduction, type ProductionOptions } from "./serve";

export * from "virtual:react-router/server-build";

export function startServer(options: ProductionOptions): Promise<void> {
  return serveProduction(build as unknown as import("react-router").ServerBuild, options);
}
