/**
 * Checkpoints for the embedded database. PGlite runs PostgreSQL as one backend with no
 * checkpointer process, and a backend of its own starts a checkpoint for WAL volume only under a
 * postmaster: without this, nothing is checkpointed until the database is closed. Every commit is
 * still on disk (its WAL is), but after a crash the next start replays all WAL since the last
 * clean stop: a kill during a long import took 107 s to restart against 13.5 s for a clean start
 * (issue 34). Here the WAL written since the last checkpoint is measured every few seconds and
 * a checkpoint is taken once it passes a bound, or after a while of smaller writes, between
 * requests where it can. Recovery then replays at most about one bound's worth.
 */
import { logger } from "~/lib/logger.server";
import { pauseForRequests } from "./foreground.server";

export interface CheckpointOptions {
  /** A checkpoint once this much WAL was written since the last one. */
  walBytes?: number;
  /** Or once any WAL was written and this long has passed since the last one. */
  maxAgeMs?: number;
  /** How often the WAL is measured. */
  intervalMs?: number;
}

type Query = (text: string) => Promise<{ rows: unknown[] }>;

/** WAL written since the last checkpoint's redo point: what a crash now would have to replay. */
export async function walSinceCheckpoint(query: Query): Promise<number> {
  const { rows } = await query(
    "select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 as bytes from pg_control_checkpoint()",
  );
  return Number((rows[0] as { bytes: number | string }).bytes);
}

/** The records a checkpoint itself writes: less than this since the last one is no new work. */
const CHECKPOINT_RECORD_BYTES = 64 * 1024;

/** Starts checkpointing `query`'s database; the returned function stops it (and waits for one under way). */
export function startCheckpoints(query: Query, options: CheckpointOptions = {}): () => Promise<void> {
  const walBytes = options.walBytes ?? 64 * 1024 * 1024;
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const intervalMs = options.intervalMs ?? 5_000;
  let lastCheckpoint = performance.now();
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const tick = async () => {
    const pending = await walSinceCheckpoint(query);
    const due = pending >= walBytes || (pending > CHECKPOINT_RECORD_BYTES && performance.now() - lastCheckpoint >= maxAgeMs);
    if (!due || stopped) return;
    // Between requests where it can: a checkpoint holds the one connection while it writes.
    await pauseForRequests({ quietMs: 20, maxWaitMs: 2_000 });
    if (stopped) return;
    const started = performance.now();
    await query("checkpoint");
    lastCheckpoint = performance.now();
    logger().debug({ walBytes: pending, ms: Math.round(lastCheckpoint - started) }, "embedded database checkpoint");
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) => {
          if (!stopped) logger().warn({ err: error }, "embedded database checkpoint failed");
        })
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
