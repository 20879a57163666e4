/** A tiny per-process cache for cheap-to-be-stale reads (counts, taxonomy), shared across bundles. */
const KEY = Symbol.for("toolnest.memo");
type Holder = { [KEY]?: Map<string, { expires: number; value: Promise<unknown> }> };

export function memo<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const holder = globalThis as Holder;
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
