import os from "node:os";
import { describe, expect, it } from "vitest";
import { webConcurrency } from "./cluster";

describe("WEB_CONCURRENCY", () => {
  const cores = Math.max(1, os.availableParallelism());

  it("runs one worker per core on PostgreSQL when unset, and one process on the embedded database", () => {
    expect(webConcurrency(undefined, true)).toEqual({ count: cores });
    expect(webConcurrency("", true)).toEqual({ count: cores });
    expect(webConcurrency(undefined, false)).toEqual({ count: 1 });
  });

  it("takes a number from 1 to 64 on PostgreSQL", () => {
    expect(webConcurrency("1", true)).toEqual({ count: 1 });
    expect(webConcurrency(" 4 ", true)).toEqual({ count: 4 });
    expect(webConcurrency("64", true)).toEqual({ count: 64 });
  });

  it("says why it ignores a number on the embedded database", () => {
    const result = webConcurrency("4", false);
    expect(result.count).toBe(1);
    expect(result.note).toMatch(/ignored on the embedded database/);
    expect(webConcurrency("1", false)).toEqual({ count: 1 });
  });

  it("ignores a value that is not a whole number from 1 to 64, and says so", () => {
    for (const bad of ["0", "65", "-1", "2.5", "two", "1e3", "\u0000", "100"]) {
      const result = webConcurrency(bad, true);
      expect(result.count, bad).toBe(cores);
      expect(result.note, bad).toMatch(/not a number from 1 to 64/);
    }
  });
});
