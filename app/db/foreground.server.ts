/**
 * Requests being answered, so that background work on the embedded database can give way to them.
 * PGlite runs every statement on this process's one connection, one at a time: a page's queries
 * wait behind whatever the import has queued, and a transaction holds the connection until it
 * commits. The server counts each admitted request (server/admission.ts); a background job asks
 * `pauseForRequests` before each transaction and writes less at a time while requests come in.
 */
interface ForegroundState {
  active: number;
  lastEnded: number;
  wake: Set<() => void>;
}

const foreground: ForegroundState = { active: 0, lastEnded: -Infinity, wake: new Set() };

function state(): ForegroundState {
  return foreground;
}

/** A request has started; call the returned function once, when it has been answered. */
export function requestStarted(): () => void {
  const s = state();
  s.active++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    s.active--;
    s.lastEnded = performance.now();
    for (const wake of s.wake) wake();
  };
}

/**
 * Waits until no request is being answered and none has ended in the last `quietMs` (a page's
 * next query usually follows within that), or until `maxWaitMs` have passed, so background work
 * goes on under steady traffic. Resolves to whether requests were seen: the caller then keeps
 * its next transaction short.
 */
export async function pauseForRequests({ quietMs = 5, maxWaitMs = 200 } = {}): Promise<boolean> {
  const s = state();
  const started = performance.now();
  // Always through the event loop: the embedded database answers in promise callbacks, so work
  // chained on them alone would keep timers and arriving requests waiting until it ends.
  await new Promise((resolve) => setImmediate(resolve));
  const quiet = () => s.active === 0 && performance.now() - s.lastEnded >= quietMs;
  if (quiet()) return performance.now() - s.lastEnded < 1_000;
  while (!quiet()) {
    const left = maxWaitMs - (performance.now() - started);
    if (left <= 0) break;
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        s.wake.delete(wake);
        resolve();
      };
      // Woken when a request ends; the timer covers the quiet period and the deadline.
      const timer = setTimeout(wake, s.active === 0 ? Math.max(1, quietMs - (performance.now() - s.lastEnded)) : left);
      s.wake.add(wake);
    });
  }
  return true;
}
