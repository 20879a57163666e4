import { describe, expect, it } from "vitest";
import { productSlug, slugify } from "./slug";

describe("slugify", () => {
  it("lowercases, trims and turns spaces into hyphens", () => {
    expect(slugify("  Visual Studio Code  ")).toBe("visual-studio-code");
  });
  it("drops non-word characters and collapses hyphens", () => {
    expect(slugify("Notion -- the all-in-one (workspace)!")).toBe("notion-the-all-in-one-workspace");
  });
  it("spells out ampersands and strips accents", () => {
    expect(slugify("Café & Bar")).toBe("cafe-and-bar");
  });
  it("never returns an empty product slug", () => {
    expect(slugify("!!!")).toBe("");
    expect(productSlug("日本語")).toBe("product");
  });
});
