import { describe, expect, it } from "vitest";
import { comparePath, parseCompareSlugs } from "./compare";

describe("a comparison's address", () => {
  it("names two or three products, in alphabetical order whatever order the visitor typed", () => {
    expect(parseCompareSlugs("notion-vs-obsidian")).toEqual({ ok: true, slugs: ["notion", "obsidian"] });
    expect(parseCompareSlugs("obsidian-vs-notion-vs-evernote")).toEqual({ ok: true, slugs: ["evernote", "notion", "obsidian"] });
    expect(comparePath(["obsidian", "notion"])).toBe("/compare/notion-vs-obsidian");
  });

  it("says what is wrong with one product, four, the same one twice or a name that cannot be a product", () => {
    expect(parseCompareSlugs("notion")).toEqual({ ok: false, message: "Choose at least 2 products to compare." });
    expect(parseCompareSlugs("a-vs-b-vs-c-vs-d")).toEqual({ ok: false, message: "Compare at most 3 products at once." });
    expect(parseCompareSlugs("notion-vs-notion")).toEqual({ ok: false, message: "Choose different products to compare." });
    expect(parseCompareSlugs("notion-vs-")).toMatchObject({ ok: false });
    expect(parseCompareSlugs("no tion-vs-obsidian\u0000")).toMatchObject({ ok: false });
    expect(parseCompareSlugs("nötion-vs-obsidian")).toMatchObject({ ok: false });
  });

  it("takes a typed address in capitals as the same comparison", () => {
    expect(parseCompareSlugs("Obsidian-VS-Notion")).toEqual({ ok: true, slugs: ["notion", "obsidian"] });
  });
});
