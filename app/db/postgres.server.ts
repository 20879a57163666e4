/** A PostgreSQL server (DATABASE_URL): a pool shared by the requests, several instances may share the database. */
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { busyScope, DatabaseBusyError } from "./busy.server";
import {
  type Database,
  type DatabaseHandle,
  DatabaseOpenError,
  describeError,
  migrateFromBaseline,
  type Notifications,
  pinger,
  schema,
} from "./common.server";

export function describeDatabaseUrl(url: string) {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
  } catch {
    return "(unparseable DATABASE_URL)";
  }
}

/** How long a query waits for a pooled connection; admission control keeps the queue short. */
export const POOL_ACQUIRE_TIMEOUT_MS = 5000;

export async function openPostgres(url: string, poolMax: number, acquireTimeoutMs: number): Promise<DatabaseHandle> {
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
    throw new DatabaseOpenError(`Cannot use the PostgreSQL database at ${where}: ${describeError(error)}.`);
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
        const locked = drizzlePg(client, { schema });
        await migrateFromBaseline(locked as unknown as Database, (migrationsFolder) => migratePg(locked, { migrationsFolder }));
      } finally {
        await client.query("select pg_advisory_unlock(7243017)").catch(() => {});
        client.release();
      }
    },
    ping: pinger((text) => pool.query(text)),
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
