/**
 * Cache invalidation that every instance hears. After a write that changes what anonymous
 * visitors see, call `invalidate(tags)`; each instance's page cache (server/page-cache.ts) drops
 * the matching pages at once instead of serving them until they expire (PAGE_CACHE_SECONDS).
 *
 * Tags:
 *   productTag(slug)  the product's page, /resources/{slug} (and its sub-paths and query strings)
 *   "lists"           every page that lists products: home, niches, subcategories, search, tags, feeds
 *   "all"             everything (an admin's Clear Cache)
 *
 * On PostgreSQL the tags go out with NOTIFY and every instance LISTENs on one dedicated
 * connection (app/db/client.server.ts); on the embedded database there is one process, so they
 * are delivered in-process. The writing instance drops its own pages before returning.
 */
import { logger } from "~/lib/logger.server";
import type { DatabaseHandle } from "./client.server";
import { getDatabaseHandle } from "./registry.server";

export type CacheTag = "all" | "lists" | `product:${string}`;

export function productTag(slug: string): CacheTag {
  return `product:${slug}`;
}

export type InvalidationListener = (tags: CacheTag[]) => void;

const CHANNEL = "toolnest_cache";

// The server (scripts/start.ts) and the app bundle are separate module graphs: share one bus.
const KEY = Symbol.for("toolnest.cacheBus");
interface Bus {
  listeners: Set<InvalidationListener>;
  listening: WeakSet<DatabaseHandle>;
}
type Holder = { [KEY]?: Bus };

function bus(): Bus {
  const holder = globalThis as Holder;
  holder[KEY] ??= { listeners: new Set(), listening: new WeakSet() };
  return holder[KEY];
}

function deliver(tags: CacheTag[]) {
  for (const listener of bus().listeners) listener(tags);
}

/**
 * Drops the pages these tags name on every instance. Never throws: the write it follows has
 * succeeded, and other instances' copies still expire after PAGE_CACHE_SECONDS.
 */
export async function invalidate(tags: CacheTag[]): Promise<void> {
  if (!tags.length) return;
  deliver(tags);
  const notifications = getDatabaseHandle().notifications;
  if (!notifications) return;
  try {
    await notifications.publish(CHANNEL, JSON.stringify(tags));
  } catch (error) {
    logger().warn({ err: error, tags }, "cache invalidation not sent to other instances");
  }
}

/** Calls `listener` with the tags of each invalidation, from this instance or another. Adding it twice is a no-op. */
export function onInvalidate(listener: InvalidationListener): () => void {
  bus().listeners.add(listener);
  return () => bus().listeners.delete(listener);
}

/** Makes this process hear other instances' invalidations (PostgreSQL); once per database handle. */
export function listenForInvalidations(handle: DatabaseHandle = getDatabaseHandle()) {
  const { notifications } = handle;
  if (!notifications || bus().listening.has(handle)) return;
  bus().listening.add(handle);
  notifications.subscribe(CHANNEL, {
    onMessage: (payload) => deliver(parseTags(payload)),
    // Notifications sent while the connection was down are lost: forget everything once.
    onGap: () => deliver(["all"]),
  });
}

function parseTags(payload: string): CacheTag[] {
  try {
    const tags: unknown = JSON.parse(payload);
    if (Array.isArray(tags) && tags.every((tag) => typeof tag === "string")) return tags as CacheTag[];
  } catch {
    /* falls through */
  }
  logger().warn({ payload }, "unreadable cache invalidation; clearing the page cache");
  return ["all"];
}
