/**
 * Opens the database: the embedded PGlite by default (pglite.server.ts), a PostgreSQL server with
 * DATABASE_URL (postgres.server.ts). Importers use this module only; it re-exports what they need.
 */
import type { DatabaseHandle, OpenOptions } from "./common.server";
import { openPglite } from "./pglite.server";
import { openPostgres, POOL_ACQUIRE_TIMEOUT_MS } from "./postgres.server";
import { env } from "~/lib/env.server";

export { DatabaseBusyError, databaseWasBusy, isDatabaseBusy, withDatabaseBusyScope } from "./busy.server";
export { DatabaseOpenError, migrationsFolder } from "./common.server";
export type { Database, DatabaseHandle, Notifications, OpenOptions } from "./common.server";
export { openMemoryDatabase } from "./pglite.server";
export { describeDatabaseUrl } from "./postgres.server";

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (!options.databaseUrl) return openPglite(options);
  return openPostgres(options.databaseUrl, options.poolMax ?? env().DATABASE_POOL_MAX, options.acquireTimeoutMs ?? POOL_ACQUIRE_TIMEOUT_MS);
}
