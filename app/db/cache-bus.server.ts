/**
 * Cache invalidation that every instance hears. After a write that changes what visitors see,
 * call `invalidate(tags)`; every instance drops the cached data (app/db/data-cache.server.ts) and
 * the cached pages (server/page-cache.ts) that depend on those tags.
 *
 * Tags:
 *   productTag(slug)  one product: its page (with sub-paths and query strings) and its data
 *   profileTag(id)    one person as shown beside products (makers, reviewers, upvoters)
 *   "stats"           engagement counts (upvotes): every list, Spotlight and similar products
 *   "lists"           what is listed and counted: home, niches, subcategories, search, tags, feeds,
 *                     menus and their counts
 *   "all"             everything (an admin's Clear Cache, a taxonomy change)
 *
 * On PostgreSQL each invalidation adds one to a shared counter (`cache_epoch`) and goes out with
 * NOTIFY in the same statement; every instance LISTENs on a dedicated connection. Before a
 * request uses cached data, the instance reads the counter (`syncInvalidations`): a number it has
 * not heard of yet means a NOTIFY is still on its way (it waits briefly) or was lost (it drops
 * everything). So a write made through one instance is seen by the very next request on any
 * other, never a moment later. On the embedded database there is one process: tags are delivered
 * in-process, at once.
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { logger } from "~/lib/logger.server";
import type { DatabaseHandle } from "./client.server";
import { getDatabaseHandle } from "./registry.server";
import { col, selectRow } from "./rows.server";
import { products } from "./schema";
import { textArray } from "./sql-arrays";

export type CacheTag = "all" | "lists" | "stats" | `product:${string}` | `profile:${string}`;

export function productTag(slug: string): CacheTag {
  return `product:${slug}`;
}

export function profileTag(id: string): CacheTag {
  return `profile:${id}`;
}

export type InvalidationListener = (tags: CacheTag[]) => void;

const CHANNEL = "toolnest_cache";
const EpochRow = z.object({ epoch: col.int });
const TaggedEpochRow = z.object({ tag: z.templateLiteral(["product:", z.string()]), epoch: col.int });
/** How long a request waits for a NOTIFY the counter says was sent before it drops everything instead. */
const CATCH_UP_MS = 250;

interface Bus {
  listeners: Set<InvalidationListener>;
  listening: WeakSet<DatabaseHandle>;
  /** The highest epoch whose invalidation, and every one before it, this process has applied (PostgreSQL). */
  heard: number | undefined;
  /** Requests waiting for a NOTIFY to bring `heard` up to an epoch. */
  waiters: Set<{ epoch: number; resolve: () => void }>;
  /** The epoch read in flight, which requests that arrived before it started can share. */
  sync?: { startedAt: number; handle: DatabaseHandle; done: Promise<void> };
}
const theBus: Bus = { listeners: new Set(), listening: new WeakSet(), heard: undefined, waiters: new Set() };

function bus(): Bus {
  return theBus;
}

function deliver(tags: CacheTag[]) {
  for (const listener of bus().listeners) listener(tags);
}

function heardUpTo(epoch: number) {
  const state = bus();
  state.heard = Math.max(state.heard ?? 0, epoch);
  for (const waiter of state.waiters) {
    if (waiter.epoch <= state.heard) {
      state.waiters.delete(waiter);
      waiter.resolve();
    }
  }
}

/**
 * Drops what these tags name on every instance. Never throws: the write it follows has succeeded;
 * if the counter cannot be moved, other instances' copies still expire (data-cache.server.ts).
 */
export async function invalidate(tags: CacheTag[]): Promise<void> {
  if (!tags.length) return;
  deliver(tags);
  const handle = getDatabaseHandle();
  if (!handle.notifications) return;
  try {
    const row = await selectRow(
      handle.db,
      EpochRow,
      sql`with e as (
            insert into cache_epoch (id, epoch) values (1, 1)
            on conflict (id) do update set epoch = cache_epoch.epoch + 1
            returning epoch)
          select e.epoch, pg_notify(${CHANNEL}, json_build_object('epoch', e.epoch, 'tags', ${JSON.stringify(tags)}::json)::text) from e`,
    );
    // Applied here already: when nothing came in between, this process is up to date.
    if (row && bus().heard === row.epoch - 1) heardUpTo(row.epoch);
  } catch (error) {
    logger().warn({ err: error, tags }, "cache invalidation not sent to other instances");
  }
}

/**
 * `invalidate([productTag(slug of productId), ...extra])` for a write that knows only the product's
 * id (an upvote). On PostgreSQL the slug, the counter and the NOTIFY are one statement: the upvote
 * path is hot (issue 5 asks for 500 toggles/s). Nothing happens for an unknown id.
 */
export async function invalidateProductById(productId: number, extra: CacheTag[] = []): Promise<void> {
  const handle = getDatabaseHandle();
  try {
    if (!handle.notifications) {
      const [product] = await handle.db.select({ slug: products.slug }).from(products).where(eq(products.id, productId));
      if (product) deliver([productTag(product.slug), ...extra]);
      return;
    }
    const row = await selectRow(
      handle.db,
      TaggedEpochRow,
      sql`with p as (select 'product:' || slug as tag from products where id = ${productId}),
          e as (
            insert into cache_epoch (id, epoch) select 1, 1 from p
            on conflict (id) do update set epoch = cache_epoch.epoch + 1
            returning epoch)
          select p.tag, e.epoch,
                 pg_notify(${CHANNEL}, json_build_object('epoch', e.epoch, 'tags', array_to_json(array[p.tag] || ${textArray(extra)}))::text)
          from p, e`,
    );
    if (!row) return;
    deliver([row.tag, ...extra]);
    if (bus().heard === row.epoch - 1) heardUpTo(row.epoch);
  } catch (error) {
    logger().warn({ err: error, productId, extra }, "cache invalidation not sent to other instances");
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
    onMessage: (payload) => hear(parseMessage(payload)),
    // Notifications sent while the connection was down are lost: forget everything once.
    onGap: () => deliver(["all"]),
  });
}

function hear(message: { epoch?: number; tags: CacheTag[] }) {
  const state = bus();
  if (message.epoch === undefined) return deliver(message.tags);
  if (state.heard !== undefined && message.epoch <= state.heard) return; // this process's own, applied already
  // NOTIFY arrives in commit order and the counter's row lock orders the commits: a jump means
  // some were lost.
  deliver(state.heard === undefined || message.epoch === state.heard + 1 ? message.tags : ["all"]);
  heardUpTo(message.epoch);
}

/**
 * Makes sure this process has applied every invalidation committed before `since` (a
 * `performance.now()` time, by default now): PostgreSQL only, a no-op on the embedded database.
 * Costs one small query, shared by the requests that arrived before it started; call it once
 * per request before answering from cached data.
 */
export function syncInvalidations(since = performance.now(), handle: DatabaseHandle = getDatabaseHandle()): Promise<void> {
  if (!handle.notifications) return Promise.resolve();
  const state = bus();
  if (state.sync && state.sync.startedAt >= since && state.sync.handle === handle) return state.sync.done;
  const sync = { startedAt: performance.now(), handle, done: readEpoch(handle) };
  state.sync = sync;
  const forget = () => {
    if (state.sync === sync) state.sync = undefined;
  };
  sync.done.then(forget, forget);
  return sync.done;
}

async function readEpoch(handle: DatabaseHandle): Promise<void> {
  listenForInvalidations(handle);
  const epoch = (await selectRow(handle.db, EpochRow, sql`select epoch from cache_epoch where id = 1`))?.epoch ?? 0;
  const state = bus();
  if (state.heard === undefined) {
    // First look at the counter: nothing cached before now can be trusted.
    deliver(["all"]);
    return heardUpTo(epoch);
  }
  if (epoch <= state.heard) return;
  const caughtUp = await new Promise<boolean>((resolve) => {
    const waiter = { epoch, resolve: () => (clearTimeout(timer), resolve(true)) };
    const timer = setTimeout(() => (state.waiters.delete(waiter), resolve(false)), CATCH_UP_MS);
    state.waiters.add(waiter);
  });
  if (caughtUp || epoch <= (state.heard ?? 0)) return;
  logger().warn({ epoch, heard: state.heard }, "cache invalidations were not heard in time; dropping every cached copy");
  deliver(["all"]);
  heardUpTo(epoch);
}

function parseMessage(payload: string): { epoch?: number; tags: CacheTag[] } {
  try {
    const message: unknown = JSON.parse(payload);
    if (isTagList(message)) return { tags: message };
    if (message && typeof message === "object") {
      const { epoch, tags } = message as { epoch?: unknown; tags?: unknown };
      if (typeof epoch === "number" && Number.isSafeInteger(epoch) && isTagList(tags)) return { epoch, tags };
    }
  } catch {
    /* falls through */
  }
  logger().warn({ payload }, "unreadable cache invalidation; clearing every cache");
  return { tags: ["all"] };
}

function isTagList(value: unknown): value is CacheTag[] {
  return Array.isArray(value) && value.every((tag) => typeof tag === "string");
}
