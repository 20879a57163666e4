import { constants, PerformanceObserver, type PerformanceEntry } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { bulkWorkRunning, duringBulkWork } from "./bulk-heap.server";

/**
 * Allocates about 6 million small objects of which the last ~400,000 stay reachable at any time,
 * as an import's batches do, and counts V8's full (mark-compact) collections meanwhile.
 */
async function churn(): Promise<number> {
  let full = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[]) {
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++;
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  const kept: { i: number; s: string }[][] = [];
  for (let round = 0; round < 6_000; round++) {
    const batch = [];
    for (let i = 0; i < 1_000; i++) batch.push({ i, s: `row ${i}` });
    kept.push(batch);
    if (kept.length > 400) kept.shift();
    if (round % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  // GC entries are delivered asynchronously.
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return full;
}

describe("duringBulkWork", () => {
  it("collects the whole heap far more often while bulk work runs, and lets V8 grow it again after", async () => {
    const before = await churn();
    const during = await duringBulkWork(churn, 20);
    const after = await churn();
    expect(during).toBeGreaterThan(2 * Math.max(before, after, 1));
    expect(bulkWorkRunning()).toBe(0);
  });

  it("holds the setting while any of several overlapping tasks runs, and releases it when one fails", async () => {
    let release!: () => void;
    const first = duringBulkWork(() => new Promise<void>((resolve) => (release = resolve)), 20);
    await expect(duringBulkWork(() => Promise.reject(new Error("bad file")), 20)).rejects.toThrow("bad file");
    expect(bulkWorkRunning()).toBe(1);
    release();
    await first;
    expect(bulkWorkRunning()).toBe(0);
  });

  it("changes nothing when V8_HEAP_GROWING_PERCENT is 0", async () => {
    await duringBulkWork(async () => expect(bulkWorkRunning()).toBe(0), 0);
  });
});
