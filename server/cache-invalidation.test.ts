import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { invalidate, onInvalidate, productTag, type CacheTag } from "~/db/cache-bus.server";
import { databaseWasBusy, isDatabaseBusy, openDatabase, withDatabaseBusyScope, type DatabaseHandle } from "~/db/client.server";
import { queryRows } from "../tests/support/raw-rows";
import { getDatabaseHandle, getDb } from "~/db/registry.server";
import { addFeedback } from "~/features/feedback/mutations.server";
import { createProduct, createUser } from "../tests/factories";
import { clearPageCache, dropCachedPages, getCachedPage, putCachedPage } from "./page-cache";

const HOST = "toolnest.test";
function cache(url: string) {
  putCachedPage(`${HOST}${url}`, { status: 200, headers: [], body: Buffer.from(url), etag: 'W/"e"', expires: Date.now() + 60_000 });
}
const cached = (url: string) => getCachedPage(`${HOST}${url}`) !== undefined;

const PAGES = ["/", "/niche/ai", "/search?q=notion", "/resources/notion", "/resources/notion?tab=reviews", "/resources/notion-clone"];
const unsubscribe = onInvalidate(dropCachedPages);
afterAll(unsubscribe);

beforeEach(() => {
  clearPageCache();
  for (const page of PAGES) cache(page);
});

describe("dropCachedPages", () => {
  it("drops one product's page and its variants, and nothing else", () => {
    dropCachedPages([productTag("notion")]);
    expect(PAGES.filter(cached)).toEqual(["/", "/niche/ai", "/search?q=notion", "/resources/notion-clone"]);
  });

  it("drops every list page for 'lists' and everything for 'all'", () => {
    dropCachedPages(["lists"]);
    expect(PAGES.filter(cached)).toEqual(["/resources/notion", "/resources/notion?tab=reviews", "/resources/notion-clone"]);
    dropCachedPages(["all"]);
    expect(PAGES.filter(cached)).toEqual([]);
  });
});

describe("a new review", () => {
  it("drops the reviewed product's cached page at once, leaving other pages cached", async () => {
    const product = await createProduct(getDb());
    const other = await createProduct(getDb());
    cache(`/resources/${product.slug}`);
    cache(`/resources/${other.slug}`);
    const result = await addFeedback({ productId: product.id, userId: await createUser(getDb()), comment: "Great tool", rating: 5, parentId: null });
    expect(result.ok).toBe(true);
    expect(cached(`/resources/${product.slug}`)).toBe(false);
    expect(cached(`/resources/${other.slug}`)).toBe(true);
    expect(cached("/")).toBe(true);
  });

  it("leaves the cache alone when the review is refused", async () => {
    const product = await createProduct(getDb());
    cache(`/resources/${product.slug}`);
    const result = await addFeedback({ productId: product.id, userId: await createUser(getDb()), comment: "", rating: 5, parentId: null });
    expect(result.ok).toBe(false);
    expect(cached(`/resources/${product.slug}`)).toBe(true);
  });
});

const url = process.env.DATABASE_URL;
describe.skipIf(!url)("on PostgreSQL (skipped: DATABASE_URL is unset)", () => {
  /** Another instance's pool on this test file's own database. */
  async function secondInstance(options: { poolMax?: number; acquireTimeoutMs?: number } = {}) {
    const [row] = await queryRows<{ name: string }>(getDb(), sql`select current_database() as name`);
    const parsed = new URL(url!);
    parsed.pathname = `/${row!.name}`;
    return openDatabase({ databaseUrl: parsed.toString(), dataDir: "", purpose: "tests", ...options });
  }

  it("delivers an invalidation published on one instance to another's listener (NOTIFY)", async () => {
    const other = await secondInstance();
    try {
      const heard = new Promise<{ epoch: number; tags: CacheTag[] }>((resolve) => {
        other.notifications!.subscribe("toolnest_cache", { onMessage: (payload) => resolve(JSON.parse(payload)), onGap: () => {} });
      });
      // The subscription's LISTEN is in place once a notification sent after it arrives.
      await waitUntilListening(other);
      await invalidate([productTag("notion"), "lists"]);
      // With the shared counter's new value, which the other instance checks before using its cache (decision 055).
      const message = await heard;
      expect(message.tags).toEqual(["product:notion", "lists"]);
      const [counter] = await queryRows<{ epoch: string }>(getDb(), sql`select epoch from cache_epoch where id = 1`);
      expect(message.epoch).toBe(Number(counter!.epoch));
    } finally {
      await other.close();
    }
  });

  it("makes a pool timeout a DatabaseBusyError and marks the request's scope", async () => {
    // Half a second, not less: on a loaded machine a new connection took longer than 50 ms, and
    // opening the handle (which makes one) failed for that.
    const tiny = await secondInstance({ poolMax: 1, acquireTimeoutMs: 500 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let took!: () => void;
    const taken = new Promise<void>((resolve) => (took = resolve));
    // The only connection is taken by a transaction that waits for the test.
    const holding = tiny.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      took();
      await held;
    });
    await taken;
    try {
      await withDatabaseBusyScope(async () => {
        const error = await tiny.db.execute(sql`select 1`).catch((e: unknown) => e);
        expect(isDatabaseBusy(error)).toBe(true);
        expect(databaseWasBusy()).toBe(true);
      });
      expect(databaseWasBusy()).toBe(false); // outside the request's scope
      release();
      await holding;
      // Other failures stay what they are (500s).
      expect(isDatabaseBusy(await tiny.db.execute(sql`select nonsense`).catch((e: unknown) => e))).toBe(false);
    } finally {
      release();
      await holding;
      await tiny.close();
    }
  });
});

/** Sends probes on the channel until the other handle hears one: its LISTEN is then active. */
async function waitUntilListening(other: DatabaseHandle) {
  let heard = false;
  other.notifications!.subscribe("toolnest_probe", { onMessage: () => (heard = true), onGap: () => {} });
  for (let i = 0; i < 250 && !heard; i++) {
    await getDatabaseHandle().notifications!.publish("toolnest_probe", "ping");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (!heard) throw new Error("the second instance never listened");
}
