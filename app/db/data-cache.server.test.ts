import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createProduct } from "../../tests/factories";
import { invalidate, invalidateProductById, listenForInvalidations, productTag, profileTag, syncInvalidations } from "./cache-bus.server";
import { requestScope, withDatabaseBusyScope } from "./busy.server";
import { cachedRead, clearDataCache, DEFAULT_TTL_MS } from "./data-cache.server";
import { getDatabaseHandle, getDb } from "./registry.server";

/** A read that counts its loads and answers what `source` holds at the time. */
function counted<T>(source: () => T) {
  const read = { loads: 0, load: async () => (read.loads++, source()) };
  return read;
}

beforeEach(() => clearDataCache());
afterEach(() => vi.useRealTimers());

describe("cachedRead", () => {
  it("answers from the cache until a write invalidates one of its tags, and not for other tags", async () => {
    let name = "Notion";
    const read = counted(() => ({ name }));
    const product = () => cachedRead({ key: "product:notion", tags: [productTag("notion")], load: read.load });
    expect(await product()).toEqual({ name: "Notion" });
    name = "Notion 2";
    expect(await product()).toEqual({ name: "Notion" });
    expect(read.loads).toBe(1);

    await invalidate([productTag("linear"), "lists"]);
    expect(await product()).toEqual({ name: "Notion" });
    await invalidate([productTag("notion")]);
    expect(await product()).toEqual({ name: "Notion 2" });
    name = "Notion 3";
    await invalidate(["all"]);
    expect(await product()).toEqual({ name: "Notion 3" });
    expect(read.loads).toBe(3);
  });

  /** A load that has started (read the old rows, say) and finishes when released. */
  function held<T>(value: () => Promise<T>) {
    let release!: () => void;
    let started!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = new Promise<void>((resolve) => (started = resolve));
    const load = async (): Promise<T> => {
      started();
      await gate;
      return value();
    };
    return { release, running, load };
  }

  it("does not keep what it loaded while a write invalidated it: that load may have read the old rows", async () => {
    let version = 1;
    const read = counted(() => version);
    const hold = held(read.load);
    const slow = cachedRead({ key: "k", tags: ["lists"], load: hold.load });
    await hold.running;
    await invalidate(["lists"]);
    version = 2;
    hold.release();
    expect(await slow).toBe(2);
    version = 3;
    expect(await cachedRead({ key: "k", tags: ["lists"], load: read.load })).toBe(3);
  });

  it("drops an entry for a tag only its rows carry, even one invalidated while it loaded", async () => {
    let author = "ada";
    const read = counted(() => ({ reviews: [{ author: "u1", name: author }] }));
    const reviews = () =>
      cachedRead({ key: "feedback:notion", tags: [productTag("notion")], tagsOf: (v) => v.reviews.map((r) => profileTag(r.author)), load: read.load });
    await reviews();
    author = "Ada Lovelace";
    await invalidate([profileTag("someone-else")]);
    expect((await reviews()).reviews[0]!.name).toBe("ada");
    await invalidate([profileTag("u1")]);
    expect((await reviews()).reviews[0]!.name).toBe("Ada Lovelace");

    // The author renames themselves while the page's reviews are being read.
    const hold = held(read.load);
    const slow = cachedRead({ key: "feedback:linear", tags: [productTag("linear")], tagsOf: (v) => v.reviews.map((r) => profileTag(r.author)), load: hold.load });
    await hold.running;
    await invalidate([profileTag("u1")]);
    hold.release();
    await slow;
    const loads = read.loads;
    await cachedRead({ key: "feedback:linear", tags: [productTag("linear")], load: read.load });
    expect(read.loads).toBe(loads + 1);
  });

  it("shares one load between concurrent readers and keeps no failed load", async () => {
    const read = counted(() => "value");
    const [a, b] = await Promise.all([
      cachedRead({ key: "shared", tags: ["lists"], load: read.load }),
      cachedRead({ key: "shared", tags: ["lists"], load: read.load }),
    ]);
    expect([a, b, read.loads]).toEqual(["value", "value", 1]);

    let fail = true;
    const flaky = () => cachedRead({ key: "flaky", tags: ["lists"], load: async () => (fail ? Promise.reject(new Error("database down")) : "back") });
    await expect(flaky()).rejects.toThrow("database down");
    fail = false;
    expect(await flaky()).toBe("back");
  });

  it("lets entries expire after their time, as a safety net", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const read = counted(() => "value");
    await cachedRead({ key: "ttl", tags: ["lists"], load: read.load });
    vi.setSystemTime(Date.now() + DEFAULT_TTL_MS - 1);
    await cachedRead({ key: "ttl", tags: ["lists"], load: read.load });
    expect(read.loads).toBe(1);
    vi.setSystemTime(Date.now() + 2);
    await cachedRead({ key: "ttl", tags: ["lists"], load: read.load });
    expect(read.loads).toBe(2);
  });

  it("drops a product's entries by its id (an upvote knows only the id), with the extra tags, and ignores an unknown id", async () => {
    const product = await createProduct(getDb());
    const read = counted(() => "value");
    const entry = () => cachedRead({ key: `id-test:${product.slug}`, tags: [productTag(product.slug)], load: read.load });
    const list = () => cachedRead({ key: "id-test:list", tags: ["stats"], load: read.load });
    await Promise.all([entry(), list()]);
    await invalidateProductById(2_000_000_000, ["stats"]);
    await Promise.all([entry(), list()]);
    expect(read.loads).toBe(2);
    await invalidateProductById(product.id, ["stats"]);
    await Promise.all([entry(), list()]);
    expect(read.loads).toBe(4);
  });

  it("notes in the request's scope the tags its answer was made from, for the page cache", async () => {
    await cachedRead({ key: "warm", tags: [productTag("notion")], tagsOf: () => [profileTag("u7")], load: async () => 1 });
    const tags = await withDatabaseBusyScope(async () => {
      await cachedRead({ key: "warm", tags: [productTag("notion")], load: async () => 1 });
      await cachedRead({ key: "cold", tags: ["stats"], load: async () => 2 });
      return [...(requestScope()?.tags ?? [])].sort();
    });
    expect(tags).toEqual([productTag("notion"), profileTag("u7"), "stats"].sort());
  });
});

// Another instance is simulated by moving the shared counter (and sending its NOTIFY) in SQL,
// without this process delivering the tags itself.
describe.skipIf(!process.env.DATABASE_URL)("invalidations from another instance (PostgreSQL)", () => {
  async function otherInstanceInvalidates(tags: string[], { notify }: { notify: boolean }) {
    await getDb().execute(
      sql`with e as (insert into cache_epoch (id, epoch) values (1, 1) on conflict (id) do update set epoch = cache_epoch.epoch + 1 returning epoch)
          select ${notify ? sql`pg_notify('toolnest_cache', json_build_object('epoch', e.epoch, 'tags', ${JSON.stringify(tags)}::json)::text)` : sql`null`} from e`,
    );
  }

  it("applies another instance's invalidation before the next cached read answers", async () => {
    listenForInvalidations(getDatabaseHandle());
    await syncInvalidations();
    let name = "before";
    const read = counted(() => name);
    const product = () => cachedRead({ key: "remote", tags: [productTag("remote")], load: read.load });
    expect(await product()).toBe("before");
    name = "after";
    await otherInstanceInvalidates([productTag("remote")], { notify: true });
    expect(await product()).toBe("after");
    await otherInstanceInvalidates([productTag("unrelated")], { notify: true });
    expect(await product()).toBe("after");
    expect(read.loads).toBe(2);
  });

  it("drops everything when the counter moved but no notification came (a lost NOTIFY)", async () => {
    await syncInvalidations();
    let name = "before";
    const read = counted(() => name);
    const product = () => cachedRead({ key: "lost", tags: [productTag("lost")], load: read.load });
    await product();
    name = "after";
    await otherInstanceInvalidates([productTag("lost")], { notify: false });
    expect(await product()).toBe("after");
  });
});
