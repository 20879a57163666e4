/** What both database adapters (pglite.server.ts, postgres.server.ts) share: the handle's shape, errors, migrations. */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export { schema };

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Human-readable location, for logs. */
  where: string;
  migrate(): Promise<void>;
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
  /** Messages between the instances sharing a PostgreSQL database; absent on the embedded one (one process). */
  notifications?: Notifications;
}

export interface Notifications {
  publish(channel: string, payload: string): Promise<void>;
  /**
   * Hears the channel on one dedicated connection, reconnecting when it drops. `onGap` is called
   * after a reconnection, since messages sent meanwhile were lost.
   */
  subscribe(channel: string, handlers: { onMessage: (payload: string) => void; onGap: () => void }): void;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** What the process is, shown to another process that finds the embedded database busy. */
  purpose: string;
  /** Connections in the PostgreSQL pool (default: DATABASE_POOL_MAX). */
  poolMax?: number;
  /** How long a query may wait for a pooled connection (default 5 s). */
  acquireTimeoutMs?: number;
}

/** A start-up failure with one line that says what is wrong. */
export class DatabaseOpenError extends Error {}

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../app/db/migrations",
);

export function resolveMigrationsFolder() {
  // Bundled code lives in build/server; the migrations stay in the source tree.
  const candidates = [migrationsFolder, path.resolve(process.cwd(), "app/db/migrations")];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "meta/_journal.json")));
  if (!found) throw new DatabaseOpenError("Cannot find the database migrations (app/db/migrations).");
  return found;
}

export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A handle's ping: whether `select 1` answers within the time allowed. */
export function pinger(query: (text: string) => Promise<unknown>): DatabaseHandle["ping"] {
  return async (timeoutMs = 2000) => {
    try {
      await withTimeout(query("select 1"), timeoutMs);
      return true;
    } catch {
      return false;
    }
  };
}

/** One short phrase for a driver's connection error, for DatabaseOpenError's line. */
export function describeError(error: unknown): string {
  const e = error as NodeJS.ErrnoException & { code?: string };
  if (e?.code === "ECONNREFUSED") return "connection refused (is the server running?)";
  if (e?.code === "ENOTFOUND") return "host not found";
  if (e?.code === "3D000") return e.message;
  if (e?.code === "28P01" || e?.code === "28000") return `authentication failed (${e.message})`;
  if (e instanceof AggregateError && e.errors.length) return describeError(e.errors[0]);
  return e?.message || String(error);
}
