import { requireService, setService } from "~/lib/services.server";
import type { Database, DatabaseHandle } from "./client.server";

declare module "~/lib/services.server" {
  interface Services {
    /** The process's open database (set by server/serve.ts, scripts and the tests' setup). */
    database: DatabaseHandle;
  }
}

export function setDatabase(handle: DatabaseHandle | undefined) {
  setService("database", handle);
}

export function getDatabaseHandle(): DatabaseHandle {
  return requireService("database", "The database is not open yet.");
}

export function getDb(): Database {
  return getDatabaseHandle().db;
}
