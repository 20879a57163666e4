import { onInvalidate } from "~/db/cache-bus.server";

/** A tiny per-process cache for cheap-to-be-stale reads (counts, taxonomy), shared across bundles. */
const KEY = Symbol.for("toolnest.memo");
const LISTENING = Symbol.for("toolnest.memo.listening");
type Holder = { [KEY]?: Map<string, { expires: number; value: Promise<unknown> }>; [LISTENING]?: boolean };

/**
 * An invalidation of the lists (an admin's taxonomy or product change, Clear Cache), from this
 * instance or another, drops every memoised read too: a drafted niche leaves menus at once.
 */
function listenOnce(holder: Holder) {
  if (holder[LISTENING]) return;
  holder[LISTENING] = true;
  onInvalidate((tags) => {
    if (tags.includes("all") || tags.includes("lists")) clearMemo();
  });
}

export function memo<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const holder = globalThis as Holder;
  listenOnce(holder);
  const store = (holder[KEY] ??= new Map());
  const now = Date.now();
  const hit = store.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  store.set(key, { expires: now + ttlMs, value });
  value.catch(() => store.delete(key));
  return value;
}

export function clearMemo() {
  (globalThis as Holder)[KEY]?.clear();
}
