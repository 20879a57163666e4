/**
 * One worker process per core for `npm start` on PostgreSQL (issue 17). Each worker is a whole
 * instance (its own pool, page cache and job worker); they share the listening port through node's
 * cluster and keep each other's caches fresh through LISTEN/NOTIFY, as separate machines would.
 */
import cluster from "node:cluster";
import os from "node:os";

export interface Concurrency {
  count: number;
  /** Said once at start when the setting was not taken as given. */
  note?: string;
}

/** `WEB_CONCURRENCY`: a whole number from 1 to 64; unset means one per core on PostgreSQL. PGlite always runs one. */
export function webConcurrency(raw: string | undefined, postgres: boolean): Concurrency {
  const cores = Math.max(1, os.availableParallelism());
  const value = raw?.trim();
  if (!value) return { count: postgres ? cores : 1 };
  const n = /^\d{1,2}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= 64)) {
    return { count: postgres ? cores : 1, note: `WEB_CONCURRENCY=${JSON.stringify(value)} is not a number from 1 to 64; ignored.` };
  }
  if (!postgres && n > 1) return { count: 1, note: "WEB_CONCURRENCY is ignored on the embedded database, which lives in one process; set DATABASE_URL to run several." };
  return { count: n };
}

/**
 * Forks `count` workers running `script` (the start script itself, whatever file imported it), says
 * when all listen, replaces a worker that dies, and stops them all on SIGINT/SIGTERM.
 */
export function runPrimary(count: number, script: string, onReady: (workers: number) => void) {
  cluster.setupPrimary({ exec: script });
  let stopping = false;
  let listening = 0;
  let announced = false;
  const fork = () => {
    const worker = cluster.fork();
    worker.on("message", (message: unknown) => {
      if ((message as { type?: string })?.type !== "listening") return;
      listening++;
      if (!announced && listening >= count) {
        announced = true;
        onReady(count);
      }
    });
  };
  for (let i = 0; i < count; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`Worker ${worker.process.pid} stopped (${signal ?? code}); starting another.`);
    setTimeout(fork, 1000).unref();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(0), 15_000).unref();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
