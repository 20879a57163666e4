import { describe, expect, it } from "vitest";
import { diffFields } from "./audit.server";

describe("diffFields", () => {
  it("keeps only the fields that changed, with both values", () => {
    expect(diffFields({ product_name: "A", pricing: "free", tags: ["x"] }, { product_name: "B", pricing: "free", tags: ["x"] })).toEqual({
      product_name: { before: "A", after: "B" },
    });
  });

  it("compares arrays by content and dates as ISO strings", () => {
    const when = new Date("2026-01-02T03:04:05.000Z");
    expect(diffFields({ tags: ["a", "b"], ad_end_date: when }, { tags: ["b", "a"], ad_end_date: new Date(when) })).toEqual({
      tags: { before: ["a", "b"], after: ["b", "a"] },
    });
  });

  it("records every field of a creation with before null", () => {
    expect(diffFields(null, { product_name: "New", status: "live" })).toEqual({
      product_name: { before: null, after: "New" },
      status: { before: null, after: "live" },
    });
  });
});
