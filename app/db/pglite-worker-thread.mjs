/**
 * The worker side of app/db/pglite-worker.server.ts (decision 054): this thread owns the file-backed
 * PGlite database, so PostgreSQL's WebAssembly runs here and the main thread's event loop stays free
 * while a query runs. Plain JavaScript so that it loads without tsx's hooks (Node 20 does not pass
 * them on to worker threads); the message shapes are typed in pglite-worker.server.ts.
 *
 * Messages in: { op: "query" | "exec" | "begin" | "commit" | "rollback" | "close", id, tx?, ... }.
 * Replies: { id, result } or { id, error } (the error as data, with PostgreSQL's fields).
 * `begin` enters client.transaction() and serves that transaction's statements, in order, until
 * its `commit` or `rollback`; everything else waits for PGlite's own transaction lock meanwhile.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const port = parentPort;
if (!port) throw new Error("pglite-worker-thread.mjs runs as a worker thread only.");

/**
 * drizzle-orm/pglite passes these parsers with every query (dates and intervals stay strings).
 * Functions cannot cross postMessage, so the proxy checks that a query's parsers are these and the
 * worker applies its own copy.
 */
const identity = (value) => value;
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

/** What a PostgreSQL error carries besides its message (pg-protocol's DatabaseError, plus PGlite's query). */
const ERROR_FIELDS = [
  "code", "severity", "detail", "hint", "position", "internalPosition", "internalQuery", "where", "schema",
  "table", "column", "dataType", "constraint", "file", "line", "routine", "query",
];

function toWireError(error) {
  const wire = { message: String(error?.message ?? error), name: typeof error?.name === "string" ? error.name : "Error" };
  for (const field of ERROR_FIELDS) {
    const value = error?.[field];
    if (typeof value === "string" || typeof value === "number") wire[field] = value;
  }
  return wire;
}

const reply = (id, result) => port.postMessage({ id, result });
const fail = (id, error) => port.postMessage({ id, error: toWireError(error) });

function options(message) {
  const chosen = {};
  if (message.rowMode) chosen.rowMode = message.rowMode;
  if (message.paramTypes) chosen.paramTypes = message.paramTypes;
  if (message.drizzle) chosen.parsers = DRIZZLE_PARSERS;
  return chosen;
}

function pack({ rows, fields, affectedRows }) {
  return { rows, fields, affectedRows };
}

/** One statement on the client or on a transaction; answers its message either way. */
async function run(target, message) {
  try {
    if (message.op === "query") {
      reply(message.id, pack(await target.query(message.sql, message.params, options(message))));
    } else if (message.op === "exec") {
      reply(message.id, (await target.exec(message.sql, options(message))).map(pack));
    } else {
      throw new Error(`Unexpected "${message.op}" message`);
    }
  } catch (error) {
    fail(message.id, error);
  }
}

const { pgDir } = workerData;
let client;
try {
  // The options of app/db/pglite.server.ts's in-process database.
  client = new PGlite(pgDir, { extensions: { pg_trgm }, relaxedDurability: true });
  await client.waitReady;
} catch (error) {
  port.postMessage({ id: 0, error: toWireError(error) });
  port.close();
}

/** Open transactions by id: the statements that arrived for each, and who waits for the next. */
const transactions = new Map();
const ROLLBACK = Symbol("rollback");

function begin(message) {
  const open = { inbox: [], wake: undefined };
  transactions.set(message.tx, open);
  const next = async () => {
    while (open.inbox.length === 0) await new Promise((resolve) => (open.wake = resolve));
    open.wake = undefined;
    return open.inbox.shift();
  };
  let end;
  client
    .transaction(async (tx) => {
      reply(message.id, null);
      for (;;) {
        const statement = await next();
        if (statement.op === "commit") {
          end = statement;
          return;
        }
        if (statement.op === "rollback") {
          end = statement;
          throw ROLLBACK;
        }
        await run(tx, statement);
      }
    })
    .then(
      () => reply(end.id, null),
      (error) => {
        if (error === ROLLBACK) reply(end.id, null);
        else fail(end ? end.id : message.id, error); // a failed COMMIT, or a BEGIN that never ran
      },
    )
    .finally(() => transactions.delete(message.tx));
}

if (client) {
  port.on("message", (message) => {
    if (message.op === "begin") return begin(message);
    if (message.tx !== undefined) {
      const open = transactions.get(message.tx);
      if (!open) return fail(message.id, new Error("Transaction is closed"));
      open.inbox.push(message);
      open.wake?.();
      return;
    }
    if (message.op === "close") {
      client.close().then(
        () => {
          reply(message.id, null);
          port.close();
        },
        (error) => fail(message.id, error),
      );
      return;
    }
    // PGlite queues statements itself (one at a time, after any open transaction).
    void run(client, message);
  });
  port.postMessage({ id: 0, result: "ready" });
}
