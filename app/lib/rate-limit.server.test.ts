import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
import { consume, consumeAll, consumeMany } from "./rate-limit.server";

describe("database rate limits", () => {
  it("allows the limit within a window, then refuses with the seconds left", async () => {
    const rule = { limit: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await consume("test:a", rule));
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another key has its own count.
    expect((await consume("test:b", rule)).ok).toBe(true);
  });

  it("starts a new window once the old one has passed", async () => {
    const rule = { limit: 1, windowSeconds: 60 };
    expect((await consume("test:c", rule)).ok).toBe(true);
    expect((await consume("test:c", rule)).ok).toBe(false);
    // The window began a minute ago: the next request opens a new one.
    await queryRows(getDb(), sql`update rate_limits set window_start = now() - interval '61 seconds' where key = 'test:c'`);
    expect((await consume("test:c", rule)).ok).toBe(true);
    expect((await consume("test:c", rule)).ok).toBe(false);
  });

  it("counts concurrent requests exactly", async () => {
    const rule = { limit: 25, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 40 }, () => consume("test:d", rule)));
    expect(results.filter((r) => r.ok)).toHaveLength(25);
  });

  it("consumeAll refuses when any key is over its limit", async () => {
    const user = { key: "test:user", rule: { limit: 1, windowSeconds: 60 } };
    const ip = { key: "test:ip", rule: { limit: 10, windowSeconds: 60 } };
    expect((await consumeAll([user, ip])).ok).toBe(true);
    expect((await consumeAll([user, ip])).ok).toBe(false);
  });

  it("consumeMany counts several keys in one statement and refuses when any is over", async () => {
    const entries = [
      { key: "many:user", limit: 2 },
      { key: "many:ip", limit: 100 },
    ];
    expect((await consumeMany(entries, 60)).ok).toBe(true);
    expect((await consumeMany(entries, 60)).ok).toBe(true);
    const third = await consumeMany(entries, 60);
    expect(third.ok).toBe(false);
    expect(third.retryAfterSeconds).toBeGreaterThan(0);
    const rows = await queryRows<{ key: string; count: number }>(
      getDb(),
      sql`select key, count from rate_limits where key like 'many:%' order by key`,
    );
    expect(rows.map((r) => [r.key, Number(r.count)])).toEqual([
      ["many:ip", 3],
      ["many:user", 3],
    ]);
  });

  it("consumeMany is exact under concurrency, and its counts roll back with the caller's transaction", async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => consumeMany([{ key: `many:u${i % 3}`, limit: 1000 }, { key: "many:shared", limit: 20 }], 60)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(20);
    await getDb()
      .transaction(async (tx) => {
        await consumeMany([{ key: "many:rolled", limit: 5 }], 60, tx);
        throw new Error("roll back");
      })
      .catch(() => {});
    const rolled = await queryRows(getDb(), sql`select 1 from rate_limits where key = 'many:rolled'`);
    expect(rolled).toHaveLength(0);
  });
});
