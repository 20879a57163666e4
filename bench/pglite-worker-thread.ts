/**
 * The worker side of bench/pglite-worker.ts (issue 17): this thread owns the PGlite instance, so
 * the WASM PostgreSQL runs here and the main thread's event loop stays free while a query runs.
 * It answers `{ id, sql, params, rowMode }` messages with the query's result or its error.
 *
 * A prototype for the measurement, not the app's driver: no transactions, LISTEN or dumps.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

export interface QueryMessage {
  id: number;
  sql: string;
  params: unknown[];
  rowMode: "array" | "object";
}

export interface WorkerError {
  message: string;
  /** PostgreSQL's SQLSTATE and details, which callers match on (23505 unique violation...). */
  code?: string;
  detail?: string;
  constraint?: string;
}

export type WorkerReply =
  | { id: number; result: { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number } }
  | { id: number; error: WorkerError };

export interface WorkerInit {
  /** The PGlite data directory (DATA_DIR/pgdata). */
  pgDir: string;
}

/**
 * drizzle-orm/pglite passes these parsers with every query (dates and intervals stay strings);
 * functions cannot cross postMessage, so the worker applies the same ones itself.
 */
const identity = (value: string) => value;
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: identity,
  [types.TIMESTAMPTZ]: identity,
  [types.INTERVAL]: identity,
  [types.DATE]: identity,
  1231: identity, // numeric[]
  1115: identity, // timestamp[]
  1185: identity, // timestamptz[]
  1187: identity, // interval[]
  1182: identity, // date[]
};

function toWorkerError(error: unknown): WorkerError {
  const e = error as Partial<WorkerError> & { message?: string };
  return { message: String(e?.message ?? error), code: e?.code, detail: e?.detail, constraint: e?.constraint };
}

const port = parentPort;
if (!port) throw new Error("pglite-worker-thread.ts runs as a worker thread only.");
const { pgDir } = workerData as WorkerInit;

// The same options as app/db/pglite.server.ts, so both modes run the same database the same way.
const client = new PGlite(pgDir, { extensions: { pg_trgm }, relaxedDurability: true });
await client.waitReady;

port.on("message", (message: QueryMessage | "close") => {
  if (message === "close") {
    void client.close().then(() => port.close());
    return;
  }
  // PGlite queues queries itself (one at a time), so each message simply awaits its turn.
  client.query(message.sql, message.params, { rowMode: message.rowMode, parsers: DRIZZLE_PARSERS }).then(
    ({ rows, fields, affectedRows }) => port.postMessage({ id: message.id, result: { rows, fields, affectedRows } } satisfies WorkerReply),
    (error: unknown) => port.postMessage({ id: message.id, error: toWorkerError(error) } satisfies WorkerReply),
  );
});
port.postMessage("ready");
