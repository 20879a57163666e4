import { describe, expect, it } from "vitest";
import { alternativeReason } from "./alternatives";

describe("why an alternative is listed", () => {
  it("names what it shares with the product, subcategories first, three at most", () => {
    expect(alternativeReason({ sharedSubcategories: ["Password Managers"], sharedTags: ["macos"] })).toBe("Shares Password Managers, macos");
    expect(alternativeReason({ sharedSubcategories: ["A"], sharedTags: ["b", "c", "d", "e"] })).toBe("Shares A, b, c and 2 more");
  });

  it("says nothing when only the words are alike", () => {
    expect(alternativeReason({ sharedSubcategories: [], sharedTags: [] })).toBeNull();
  });
});
