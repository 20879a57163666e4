import { clearDataCache, cachedRead } from "~/db/data-cache.server";
import type { CacheTag } from "~/db/cache-bus.server";

/**
 * A shared read of what menus and lists show (counts, taxonomy, Spotlight), kept until a write
 * invalidates the lists (an admin's product or taxonomy change, an import, Clear Cache) on any
 * instance, or `ttlMs` passes. Reads that follow engagement counts add the "stats" tag.
 */
export function memo<T>(key: string, ttlMs: number, load: () => Promise<T>, tags: readonly CacheTag[] = ["lists"]): Promise<T> {
  return cachedRead({ key: `memo:${key}`, tags, load, ttlMs });
}

export function clearMemo() {
  clearDataCache();
}
