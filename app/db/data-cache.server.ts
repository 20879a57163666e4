/**
 * An in-process cache of read results, each tagged with what it depends on (a product, a person,
 * the lists; see cache-bus.server.ts). Every write that changes such data calls `invalidate(tags)`,
 * which drops the matching entries on every instance at once; pages still render on each request.
 *
 * - Before the first cached read of a request, the instance makes sure it has heard every
 *   invalidation committed before the request arrived (`syncInvalidations`, PostgreSQL only).
 * - A load still running when an invalidation names it is not kept: it may have read the old rows.
 * - Entries also expire (`ttlMs`) and the cache holds at most MAX_ENTRIES, oldest out first.
 * - The tags each request used are recorded in its scope, so the page cache can drop a rendered
 *   page for the same invalidations as the data it was made from (server/page-cache.ts).
 */
import { onInvalidate, syncInvalidations, type CacheTag } from "./cache-bus.server";
import { requestScope, type RequestScope } from "./busy.server";

export const MAX_ENTRIES = 5_000;
/** A safety net only: writes drop entries at once, so this bounds the cost of a write path that forgot to. */
export const DEFAULT_TTL_MS = 5 * 60_000;

interface Entry {
  value: Promise<unknown>;
  /** What it depends on; while it loads, only the tags known before the load. */
  tags: Set<string>;
  expires: number;
  /** Set when an invalidation names the entry while its load is running: it is then not kept. */
  dropped: boolean;
  /** While it loads: the invalidations delivered meanwhile, checked against the tags its rows add. */
  heardWhileLoading?: string[];
}

interface Store {
  entries: Map<string, Entry>;
  loading: Set<Entry>;
  listening: boolean;
}

const current: Store = { entries: new Map(), loading: new Set(), listening: false };

function store(): Store {
  if (!current.listening) {
    current.listening = true;
    onInvalidate(dropCachedData);
  }
  return current;
}

/** Whether an entry depending on `entryTags` must go for an invalidation of `tags`. */
export function isInvalidatedBy(entryTags: ReadonlySet<string>, tags: readonly string[]): boolean {
  return tags.some((tag) => tag === "all" || entryTags.has(tag));
}

/** Drops the entries (finished or loading) that depend on any of these tags. */
export function dropCachedData(tags: readonly CacheTag[]) {
  const { entries, loading } = store();
  for (const [key, entry] of entries) {
    if (!isInvalidatedBy(entry.tags, tags)) continue;
    entry.dropped = true;
    entries.delete(key);
  }
  for (const entry of loading) {
    if (isInvalidatedBy(entry.tags, tags)) entry.dropped = true;
    else entry.heardWhileLoading?.push(...tags);
  }
}

export function clearDataCache() {
  dropCachedData(["all"]);
}

export interface CachedReadOptions<T> {
  key: string;
  /** What the value depends on, known before loading it. */
  tags: readonly CacheTag[];
  /** Further tags only the rows know (the people shown beside a product). */
  tagsOf?: (value: T) => readonly CacheTag[];
  load: () => Promise<T>;
  ttlMs?: number;
}

/**
 * The value of `load()`, from the cache when a copy is there that no write has invalidated since.
 * Concurrent readers of a missing key share one load. Callers must not change the value they
 * get: it is shared with every later reader.
 */
export async function cachedRead<T>({ key, tags, tagsOf, load, ttlMs = DEFAULT_TTL_MS }: CachedReadOptions<T>): Promise<T> {
  const scope = requestScope();
  try {
    await syncInvalidations(scope?.startedAt);
  } catch {
    // Without the counter there is no knowing what other instances changed: read the database.
    return load();
  }
  const { entries, loading } = store();
  const hit = entries.get(key);
  if (hit && hit.expires > Date.now() && !hit.dropped) {
    const value = (await hit.value) as T;
    record(scope, hit.tags);
    return value;
  }
  if (hit) entries.delete(key);

  const entry: Entry = { value: Promise.resolve(), tags: new Set(tags), expires: Date.now() + ttlMs, dropped: false, heardWhileLoading: [] };
  const value = load();
  entry.value = value;
  entries.set(key, entry);
  loading.add(entry);
  trim(entries);
  try {
    const result = await value;
    for (const tag of tagsOf?.(result) ?? []) entry.tags.add(tag);
    if (isInvalidatedBy(entry.tags, entry.heardWhileLoading ?? [])) entry.dropped = true;
    if (entry.dropped && entries.get(key) === entry) entries.delete(key);
    record(scope, entry.tags);
    return result;
  } catch (error) {
    if (entries.get(key) === entry) entries.delete(key);
    throw error;
  } finally {
    loading.delete(entry);
    entry.heardWhileLoading = undefined;
  }
}

/** Notes in the request's scope what its response was made from, for the page cache. */
function record(scope: RequestScope | undefined, tags: ReadonlySet<string>) {
  if (!scope) return;
  scope.tags ??= new Set();
  for (const tag of tags) scope.tags.add(tag);
}

function trim(entries: Map<string, Entry>) {
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
}
