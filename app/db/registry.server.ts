import { services } from "~/lib/services.server";
import type { Database, DatabaseHandle } from "./client.server";

declare module "~/lib/services.server" {
  interface Services {
    /** The process's open database (set by server/serve.ts, scripts and the tests' setup). */
    database: DatabaseHandle;
  }
}

export function setDatabase(handle: DatabaseHandle | undefined) {
  services().database = handle;
}

export function getDatabaseHandle(): DatabaseHandle {
  const handle = services().database;
  if (!handle) throw new Error("The database is not open yet.");
  return handle;
}

export function getDb(): Database {
  return getDatabaseHandle().db;
}
