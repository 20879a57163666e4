/**
 * The file-backed PGlite database in a worker thread (decision 054). PGlite runs PostgreSQL as
 * WebAssembly on the calling thread, so in-process every query stops the event loop; here the
 * worker (pglite-worker-thread.mjs) owns the database and this proxy gives drizzle-orm/pglite the
 * part of PGlite it uses: query(sql, params, { rowMode, parsers }), exec, transaction(fn) with
 * tx.query/tx.exec inside (drizzle's savepoints are plain statements), close, closed, waitReady.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { QueryOptions, Results } from "@electric-sql/pglite";
import { logger } from "~/lib/logger.server";

/**
 * Whether a file database goes to a worker: only with PGLITE_WORKER=on for now. Through the real
 * server the worker has not yet shown the gain the prototype measured (decision 054, "Wired");
 * `auto` is the planned default: the worker when the machine has a core to spare.
 */
export function pgliteWorkerWanted(setting = process.env.PGLITE_WORKER, cores = os.availableParallelism()): boolean {
  const value = setting?.trim().toLowerCase();
  if (value === "on") return true;
  if (value === "auto") return cores > 1;
  return false;
}

type Statement = { sql: string; drizzle: boolean; rowMode?: "array" | "object"; paramTypes?: number[] };
type Request = { id: number; tx?: number } & (
  | ({ op: "query"; params: unknown[] } & Statement)
  | ({ op: "exec" } & Statement)
  | { op: "begin"; tx: number }
  | { op: "commit"; tx: number }
  | { op: "rollback"; tx: number }
  | { op: "close" }
);
type RequestBody = Request extends infer R ? (R extends unknown ? Omit<R, "id"> : never) : never;

/** An error as it crosses the thread: its message and PostgreSQL's fields (code, detail, constraint...). */
export interface WireError {
  message: string;
  name: string;
  code?: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  [field: string]: string | number | undefined;
}

type Reply = { id: number; result: unknown } | { id: number; error: WireError };

/** A worker error rebuilt on this side with the same fields, so callers can match on code === "23505". */
export function rebuildError(wire: WireError): Error {
  const error = new Error(wire.message);
  Object.assign(error, wire);
  return error;
}

/**
 * drizzle-orm/pglite's parsers: dates, intervals and numeric arrays stay strings. Functions cannot
 * be posted, so the worker applies its own copy; any other parser is refused.
 */
const DRIZZLE_PARSER_TYPES = new Set([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182]);

function statement(sql: string, options: QueryOptions | undefined): Statement {
  const { rowMode, parsers, paramTypes, ...rest } = options ?? {};
  const unsupported = Object.keys(rest).filter((key) => rest[key as keyof typeof rest] !== undefined);
  if (unsupported.length) throw new Error(`The PGlite worker does not support the query option(s) ${unsupported.join(", ")}.`);
  let drizzle = false;
  if (parsers) {
    for (const [type, parse] of Object.entries(parsers)) {
      if (!DRIZZLE_PARSER_TYPES.has(Number(type)) || parse("2000-01-01", Number(type)) !== "2000-01-01") {
        throw new Error(`The PGlite worker applies only drizzle's parsers (type ${type} is not one of them).`);
      }
    }
    drizzle = Object.keys(parsers).length > 0;
  }
  return { sql, drizzle, rowMode, paramTypes };
}

/** What runs statements: the client, or one of its transactions. */
export interface PgliteQueryable {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
}

export interface PgliteWorkerTransaction extends PgliteQueryable {
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PgliteWorkerOptions {
  /**
   * Called when the worker stops without being closed (pending queries are rejected first).
   * By default the process logs a fatal line and exits, as a PGlite abort does in-process.
   */
  onDeath?: (error: Error) => void;
}

function workerEntry(): string {
  const beside = path.join(path.dirname(fileURLToPath(import.meta.url)), "pglite-worker-thread.mjs");
  if (fs.existsSync(beside)) return beside;
  // Bundled code lives in build/server; the worker stays in the source tree.
  return path.resolve(process.cwd(), "app/db/pglite-worker-thread.mjs");
}

function defaultOnDeath(error: Error) {
  logger().fatal({ err: error }, "the embedded database's thread stopped; exiting");
  process.exit(1);
}

export class PgliteWorkerClient implements PgliteQueryable {
  readonly waitReady = Promise.resolve();
  private nextId = 1;
  private nextTx = 1;
  private readonly pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  /** Requests waiting for a reply plus open transactions: while any, the worker keeps the process alive. */
  private busy = 0;
  private closing = false;
  private dead: Error | undefined;
  #closed = false;

  private constructor(
    /** The thread (the bench reads its event-loop utilisation). */
    readonly worker: Worker,
    private readonly onDeath: (error: Error) => void,
  ) {
    worker.on("message", (reply: Reply) => this.settle(reply));
    worker.on("error", (error) => this.die(error));
    worker.on("exit", (code) => this.die(new Error(`The embedded database's thread exited (code ${code}).`)));
  }

  /** Starts the worker on the data directory and waits until PGlite is ready. */
  static async open(pgDir: string, options: PgliteWorkerOptions = {}): Promise<PgliteWorkerClient> {
    const worker = new Worker(workerEntry(), { workerData: { pgDir } });
    let listeners: { message: (reply: Reply) => void; error: (error: Error) => void; exit: (code: number) => void } | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        listeners = {
          message: (reply) => {
            if (reply.id !== 0) return;
            if ("error" in reply) reject(rebuildError(reply.error));
            else resolve();
          },
          error: reject,
          exit: (code) => reject(new Error(`The database thread exited during start-up (code ${code}).`)),
        };
        worker.on("message", listeners.message).on("error", listeners.error).on("exit", listeners.exit);
      });
    } catch (error) {
      await worker.terminate();
      throw error;
    } finally {
      // Only these: removeAllListeners() would also remove the ones Node's Worker relies on to deliver messages.
      if (listeners) worker.off("message", listeners.message).off("error", listeners.error).off("exit", listeners.exit);
    }
    const client = new PgliteWorkerClient(worker, options.onDeath ?? defaultOnDeath);
    worker.unref();
    return client;
  }

  get closed() {
    return this.#closed;
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    let body: Statement;
    try {
      body = statement(sql, options);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.request({ op: "query", params, ...body, tx }) as Promise<Results<T>>;
  }

  exec(sql: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    let body: Statement;
    try {
      body = statement(sql, options);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.request({ op: "exec", ...body, tx }) as Promise<Results[]>;
  }

  /**
   * Runs `callback` inside one PGlite transaction in the worker: `begin` enters it, the callback's
   * statements carry its id, and `commit` (or `rollback` when the callback throws) ends it.
   * Other queries wait for it in the worker, as they wait for an in-process transaction.
   */
  async transaction<T>(callback: (tx: PgliteWorkerTransaction) => Promise<T>): Promise<T> {
    const id = this.nextTx++;
    // An open transaction keeps the process alive, like a request waiting for its reply.
    this.hold(1);
    try {
      await this.request({ op: "begin", tx: id });
    } catch (error) {
      this.hold(-1);
      throw error;
    }
    let closed = false;
    const checkOpen = () => {
      if (closed) throw new Error("Transaction is closed");
    };
    const tx: PgliteWorkerTransaction = {
      query: async (sql, params, options) => {
        checkOpen();
        return this.query(sql, params, options, id);
      },
      exec: async (sql, options) => {
        checkOpen();
        return this.exec(sql, options, id);
      },
      rollback: async () => {
        checkOpen();
        closed = true;
        await this.request({ op: "rollback", tx: id });
      },
      get closed() {
        return closed;
      },
    };
    try {
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        if (!closed) {
          closed = true;
          await this.request({ op: "rollback", tx: id }).catch(() => {});
        }
        throw error;
      }
      if (!closed) {
        closed = true;
        await this.request({ op: "commit", tx: id });
      }
      return result;
    } finally {
      this.hold(-1);
    }
  }

  /** Closes PGlite in the worker and waits for the thread to end. */
  async close(): Promise<void> {
    if (this.#closed || this.closing) return;
    this.closing = true;
    // Keep the process alive until the thread has ended (the worker is otherwise unreferenced when idle).
    this.hold(1);
    const exited = new Promise<void>((resolve) => this.worker.once("exit", () => resolve()));
    try {
      await this.request({ op: "close" });
    } catch (error) {
      await this.worker.terminate();
      throw error;
    } finally {
      // PGlite has written and closed its files; the thread's own end must not hold up the caller for long.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 5000)))]);
      clearTimeout(timer);
      if (!this.dead) await this.worker.terminate();
      this.#closed = true;
    }
  }

  /** Stops the thread without closing PGlite (a start-up that failed or timed out). */
  async terminate(): Promise<void> {
    this.closing = true;
    this.#closed = true;
    await this.worker.terminate();
  }

  private request(body: RequestBody): Promise<unknown> {
    if (this.dead) return Promise.reject(this.dead);
    if (this.#closed) return Promise.reject(new Error("PGlite is closed"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.hold(1);
      this.worker.postMessage({ ...body, id });
    });
  }

  private settle(reply: Reply) {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    this.hold(-1);
    if ("error" in reply) waiting.reject(rebuildError(reply.error));
    else waiting.resolve(reply.result);
  }

  /** In-process PGlite does not keep the process alive; the worker only does while work is under way. */
  private hold(delta: number) {
    const before = this.busy;
    this.busy += delta;
    if (before === 0 && this.busy > 0) this.worker.ref();
    else if (before > 0 && this.busy === 0) this.worker.unref();
  }

  private die(error: Error) {
    if (this.dead) return;
    this.dead = error;
    const expected = this.closing;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    if (!expected) {
      this.#closed = true;
      this.onDeath(error);
    }
  }
}
