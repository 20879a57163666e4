/** What both database adapters (pglite.server.ts, postgres.server.ts) share: the handle's shape, errors, migrations. */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { z } from "zod";
import { col, selectRow } from "./rows.server";
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

/**
 * Migrations 0000..0037 were squashed into one baseline (decision 081), which carries 0037's journal
 * time: a database at 0037 skips it, an empty one applies it. A database at an older migration
 * would be neither (Drizzle would skip the baseline and leave it half-migrated), so it is refused.
 */
export const squashedChain = { migrations: 38, lastCommit: "74a741e" } as const;

/** Refuses a database an older Toolnest left before the baseline, then runs Drizzle's migrator on `db`. */
export async function migrateFromBaseline(db: Database, migrate: (migrationsFolder: string) => Promise<void>) {
  const folder = resolveMigrationsFolder();
  await refuseOlderDatabase(db, baselineWhen(folder));
  await migrate(folder);
}

/** The journal time of the first migration (the baseline): Drizzle applies one when it is newer than the last applied. */
function baselineWhen(folder: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: { when: number }[] };
  const first = journal.entries[0];
  if (!first) throw new DatabaseOpenError("The database migrations' journal (app/db/migrations/meta/_journal.json) is empty.");
  return first.when;
}

async function refuseOlderDatabase(db: Database, baseline: number) {
  const table = await selectRow(db, z.object({ present: col.bool }), sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return;
  const Applied = z.object({ count: col.int, last: col.int.nullable() });
  const applied = await selectRow(db, Applied, sql`select count(*) as count, max(created_at) as last from drizzle.__drizzle_migrations`);
  if (!applied?.count || (applied.last ?? 0) >= baseline) return;
  throw new DatabaseOpenError(
    `This database was created by an older Toolnest (migration ${applied.count} of ${squashedChain.migrations}); ` +
      `upgrade it with version ${squashedChain.lastCommit} first (start that version once on this database), then start this one.`,
  );
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
