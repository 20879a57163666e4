import type { Database, DatabaseHandle } from "./client.server";

/**
 * The process's open database. The server bundle and the start script are separate module
 * graphs, so the handle lives on globalThis where both can see it.
 */
const KEY = Symbol.for("toolnest.database");
type Holder = { [KEY]?: DatabaseHandle };

export function setDatabase(handle: DatabaseHandle | undefined) {
  (globalThis as Holder)[KEY] = handle;
}

export function getDatabaseHandle(): DatabaseHandle {
  const handle = (globalThis as Holder)[KEY];
  if (!handle) throw new Error("The database is not open yet.");
  return handle;
}

export function getDb(): Database {
  return getDatabaseHandle().db;
}
