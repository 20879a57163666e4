import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";
import { acquireDataDirLock } from "./lock.server";
import { env } from "~/lib/env.server";

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

/** A start-up failure with one line that says what is wrong. */
export class DatabaseOpenError extends Error {}

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../app/db/migrations",
);

function resolveMigrationsFolder() {
  // Bundled code lives in build/server; the migrations stay in the source tree.
  const candidates = [migrationsFolder, path.resolve(process.cwd(), "app/db/migrations")];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "meta/_journal.json")));
  if (!found) throw new DatabaseOpenError("Cannot find the database migrations (app/db/migrations).");
  return found;
}

const READY_MARKER = ".toolnest-ready";

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

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (!options.databaseUrl) return openPglite(options);
  return openPostgres(options.databaseUrl, options.poolMax ?? env().DATABASE_POOL_MAX, options.acquireTimeoutMs ?? POOL_ACQUIRE_TIMEOUT_MS);
}

/**
 * A request whose wait for a pooled connection timed out is refused for load (503), not failed
 * (500). The server opens a scope per request (server/admission.ts); the pool marks it.
 */
export class DatabaseBusyError extends Error {}

const BUSY_KEY = Symbol.for("toolnest.databaseBusy");
type BusyHolder = { [BUSY_KEY]?: AsyncLocalStorage<{ busy: boolean }> };
function busyScope() {
  const holder = globalThis as BusyHolder;
  holder[BUSY_KEY] ??= new AsyncLocalStorage();
  return holder[BUSY_KEY];
}

export function withDatabaseBusyScope<T>(run: () => T): T {
  return busyScope().run({ busy: false }, run);
}

/** Whether a database connection could not be had in time during the current request. */
export function databaseWasBusy(): boolean {
  return busyScope().getStore()?.busy ?? false;
}

/** Whether an error (or one of its causes, e.g. inside Drizzle's query error) is a pool timeout. */
export function isDatabaseBusy(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof DatabaseBusyError) return true;
  }
  return false;
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
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

async function openPglite({ dataDir, purpose }: OpenOptions): Promise<DatabaseHandle> {
  const release = acquireDataDirLock(dataDir, purpose);
  const pgDir = path.join(dataDir, "pgdata");
  const marker = path.join(pgDir, READY_MARKER);
  if (fs.existsSync(pgDir) && !fs.existsSync(marker) && fs.readdirSync(pgDir).length > 0) {
    // A first start was interrupted before the database was ever ready: nothing was served from it.
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
  fs.mkdirSync(pgDir, { recursive: true });
  let client: PGlite;
  try {
    // PGlite's Node file system writes straight to the files; "syncing" after each statement only
    // walks the mounted tree (milliseconds per query, growing with the database), so don't wait for it.
    client = new PGlite(pgDir, { extensions: { pg_trgm }, relaxedDurability: true });
    await withTimeout(client.waitReady, 120_000);
    await client.query("select 1");
  } catch (error) {
    release();
    throw new DatabaseOpenError(
      `The embedded database in ${pgDir} could not be opened (${describe(error)}). ` +
        `It may be damaged: move the folder aside to start with a fresh database.`,
    );
  }
  return pgliteHandle(client, pgDir, { marker, release });
}

/** An in-memory database, optionally restored from a dump (tests clone a template this way). */
export async function openMemoryDatabase(loadDataDir?: Blob): Promise<DatabaseHandle & { client: PGlite }> {
  const client = new PGlite({ extensions: { pg_trgm }, loadDataDir });
  await client.waitReady;
  return { ...pgliteHandle(client, "memory", {}), client };
}

function pgliteHandle(client: PGlite, where: string, options: { marker?: string; release?: () => void }): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    where,
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: resolveMigrationsFolder() });
      if (options.marker) fs.writeFileSync(options.marker, new Date().toISOString());
    },
    async ping(timeoutMs = 2000) {
      try {
        await withTimeout(client.query("select 1"), timeoutMs);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        options.release?.();
      }
    },
  };
}

export function describeDatabaseUrl(url: string) {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
  } catch {
    return "(unparseable DATABASE_URL)";
  }
}

/** How long a query waits for a pooled connection; admission control keeps the queue short. */
const POOL_ACQUIRE_TIMEOUT_MS = 5000;

async function openPostgres(url: string, poolMax: number, acquireTimeoutMs: number): Promise<DatabaseHandle> {
  const where = describeDatabaseUrl(url);
  const pool = new pg.Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: acquireTimeoutMs });
  reportAcquireTimeouts(pool);
  pool.on("error", () => {
    /* idle client errors surface through the next query and /healthz */
  });
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseOpenError(`Cannot use the PostgreSQL database at ${where}: ${describe(error)}.`);
  }
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const notifications = postgresNotifications(url, pool);
  return {
    db,
    kind: "postgres",
    where,
    async migrate() {
      // One instance migrates at a time; the others wait, then find nothing to do.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(7243017)");
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: resolveMigrationsFolder() });
      } finally {
        await client.query("select pg_advisory_unlock(7243017)").catch(() => {});
        client.release();
      }
    },
    async ping(timeoutMs = 2000) {
      try {
        await withTimeout(pool.query("select 1"), timeoutMs);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      notifications.close();
      await pool.end();
    },
    notifications,
  };
}

/**
 * pg-pool rejects with a plain Error when no connection frees up in time (or a new one cannot be
 * made in time). Its own query() goes through connect(), so wrapping connect catches both.
 */
function reportAcquireTimeouts(pool: pg.Pool) {
  type Callback = (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;
  const connect = pool.connect.bind(pool) as (callback?: Callback) => Promise<pg.PoolClient> | void;
  const classify = (scope: { busy: boolean } | undefined, error: Error) => {
    if (!/timeout exceeded when trying to connect|connection timeout/.test(error.message)) return error;
    if (scope) scope.busy = true;
    return new DatabaseBusyError("No database connection became free in time.", { cause: error });
  };
  pool.connect = ((callback?: Callback) => {
    const scope = busyScope().getStore();
    if (!callback) {
      return (connect() as Promise<pg.PoolClient>).catch((error: Error) => {
        throw classify(scope, error);
      });
    }
    return connect((err, client, done) => callback(err ? classify(scope, err) : err, client, done));
  }) as typeof pool.connect;
}

/** LISTEN on one connection of its own (a pooled one would be handed to other queries). */
function postgresNotifications(url: string, pool: pg.Pool): Notifications & { close(): void } {
  const subscribers = new Map<string, { onMessage: (payload: string) => void; onGap: () => void }[]>();
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let connected = false;
  let closed = false;

  const drop = () => {
    const listener = client;
    client = undefined;
    if (!listener) return;
    listener.removeAllListeners();
    listener.on("error", () => {}); // a late socket error must not crash the process
    listener.end().catch(() => {});
  };
  const reconnectLater = () => {
    drop();
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, 1000);
    retry.unref();
  };
  const listen = async () => {
    if (closed || client) return;
    const listener = new pg.Client({ connectionString: url });
    client = listener;
    listener.on("notification", (message) => {
      for (const handlers of subscribers.get(message.channel) ?? []) handlers.onMessage(message.payload ?? "");
    });
    listener.on("error", reconnectLater);
    listener.on("end", reconnectLater);
    try {
      await listener.connect();
      for (const channel of subscribers.keys()) await listener.query(`listen ${listener.escapeIdentifier(channel)}`);
    } catch {
      if (client === listener) reconnectLater();
      return;
    }
    if (connected) for (const handlers of [...subscribers.values()].flat()) handlers.onGap();
    connected = true;
  };

  return {
    async publish(channel, payload) {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    subscribe(channel, handlers) {
      const list = subscribers.get(channel) ?? [];
      list.push(handlers);
      subscribers.set(channel, list);
      if (client && connected && list.length === 1) {
        client.query(`listen ${client.escapeIdentifier(channel)}`).catch(reconnectLater);
      }
      void listen();
    },
    close() {
      closed = true;
      clearTimeout(retry);
      drop();
    },
  };
}

function describe(error: unknown): string {
  const e = error as NodeJS.ErrnoException & { code?: string };
  if (e?.code === "ECONNREFUSED") return "connection refused (is the server running?)";
  if (e?.code === "ENOTFOUND") return "host not found";
  if (e?.code === "3D000") return e.message;
  if (e?.code === "28P01" || e?.code === "28000") return `authentication failed (${e.message})`;
  if (e instanceof AggregateError && e.errors.length) return describe(e.errors[0]);
  return e?.message || String(error);
}

/** Raw SQL rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Pick<Database, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
