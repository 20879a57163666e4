import { describe, expect, it } from "vitest";
import { parseProfileTab } from "./types";

describe("the profile's tab query", () => {
  it("takes tab=submit (the spec's link from /my-products) as My Products", () => {
    expect(parseProfileTab("submit")).toBe("products");
    expect(parseProfileTab("products")).toBe("products");
    expect(parseProfileTab("toString")).toBe("bookmarks");
    expect(parseProfileTab(null)).toBe("bookmarks");
  });
});
