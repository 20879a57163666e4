import { describe, expect, it } from "vitest";
import { formatCount, lazyFormat } from "./format";

describe("formatCount", () => {
  it("groups digits exactly as toLocaleString('en-US') does, for the integers pages show", () => {
    const values = [0, 1, 5, 12, 999, 1000, 1001, 3198, 12_345, 100_000, 999_999, 1_000_000, 1_234_567, 98_765_432_101, Number.MAX_SAFE_INTEGER, -1, -999, -1000, -1_234_567];
    for (const value of values) expect(formatCount(value), String(value)).toBe(value.toLocaleString("en-US", { maximumFractionDigits: 0 }));
  });

  it("rounds a fraction to a whole number, as a count is", () => {
    expect(formatCount(1234.6)).toBe("1,235");
    expect(formatCount(-0.2)).toBe("0");
    expect(formatCount(Number.NaN)).toBe("NaN");
  });
});

describe("lazyFormat", () => {
  it("makes the formatter on the first call only", () => {
    let made = 0;
    const format = lazyFormat(() => ({ id: ++made }));
    expect(made).toBe(0);
    expect(format()).toBe(format());
    expect(made).toBe(1);
  });
});
