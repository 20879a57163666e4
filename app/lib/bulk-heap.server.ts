import v8 from "node:v8";
import vm from "node:vm";
import { env } from "./env.server";

/**
 * V8's heap growth while bulk work (a CSV upload's staging, an import) runs in this process
 * (decisions 042 and 069). By default V8 lets the old generation grow far between full
 * collections: the statements and batches of a 100,000-row import then stay until one, and server
 * processes peaked at 339-449 MB. While bulk work runs, a full collection follows once the heap has
 * grown by `V8_HEAP_GROWING_PERCENT` over what the last one left (183-243 MB). The rest of the
 * time V8 keeps its own growth: held to 20% for good, it ran a full collection every few hundred
 * milliseconds under page load, and pages rendered 10-20% slower.
 *
 * V8 reads the flag each time it sets the next collection's limit, so it can change while the
 * process runs. The web server and the job workers are one bundle (decision 078), so one count.
 */
let users = 0;

export async function duringBulkWork<T>(work: () => Promise<T>, percent = env().V8_HEAP_GROWING_PERCENT): Promise<T> {
  if (percent <= 0) return work();
  users += 1;
  if (users === 1) {
    v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
    // The rule takes effect at the next full collection; until then the heap could grow to the
    // limit V8's own growth set after the last one. One now (a pause of tens of milliseconds, once).
    collectGarbage();
  }
  try {
    return await work();
  } finally {
    users -= 1;
    // 0 is V8's own: the factor it derives from how much time collections have been taking.
    if (users === 0) v8.setFlagsFromString("--heap-growing-percent=0");
  }
}

// One per module graph (unlike the count above): each reaches the same V8 collector.
let gc: (() => void) | undefined;

/** A full collection now (V8's `gc`, reached through a new context once `--expose-gc` is set). */
export function collectGarbage() {
  if (!gc) {
    v8.setFlagsFromString("--expose-gc");
    gc = vm.runInNewContext("gc") as () => void;
  }
  gc();
}

/** How many bulk tasks run in this process now (for tests and diagnostics). */
export function bulkWorkRunning(): number {
  return users;
}
