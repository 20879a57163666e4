import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { consume, consumeAll } from "./rate-limit.server";

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
});
