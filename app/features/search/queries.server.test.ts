import { sql } from "drizzle-orm";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { col, selectRow } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { buildTsQuery, editDistance, queryTokens } from "./search";
import { MAX_QUERY_LENGTH, normalizeQuery, searchProducts } from "./queries.server";

async function names(q: string, limit = 20) {
  return (await searchProducts(q, { limit })).items.map((card) => card.product_name);
}

async function setStatus(name: string, status: string) {
  await getDb().execute(sql`update products set status = ${status} where product_name = ${name}`);
}

async function countProducts() {
  const row = await selectRow(getDb(), z.object({ n: col.int }), sql`select count(*)::int as n from products`);
  return row!.n;
}

describe("normalizeQuery", () => {
  it("ignores blank, whitespace-only and non-string queries", () => {
    for (const raw of ["", " ", "   \t\n  ", "\u0000\u0007", null, undefined, 42, ["Notion"]]) {
      expect(normalizeQuery(raw)).toBeNull();
    }
  });

  it("trims, collapses whitespace, drops control characters and caps the length", () => {
    expect(normalizeQuery("  password \t\n manager  ")).toBe("password manager");
    expect(normalizeQuery("Not\u0000ion\u200b \u0007 AI")).toBe("Notion AI");
    expect(normalizeQuery("a\ud800b")).toBe("ab");
    expect(normalizeQuery("ｎｏｔｉｏｎ")).toBe("notion");
    const long = normalizeQuery("word ".repeat(2000))!;
    expect(long.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    expect(long.startsWith("word word")).toBe(true);
    expect(Array.from(normalizeQuery("🔥".repeat(500))!)).toHaveLength(MAX_QUERY_LENGTH);
  });
});

describe("query words", () => {
  it("builds full-text queries from letters and digits only, whatever was typed", () => {
    expect(queryTokens("a:*|b !()& 'x' <-> Café")).toEqual(["a", "b", "x", "café"]);
    expect(buildTsQuery(queryTokens("'; drop table products; --"), "&")).toBe("drop & table & products");
    expect(buildTsQuery(["notion"], "&")).toBe("notion:*");
    expect(buildTsQuery(["password", "manager"], "|")).toBe("password | manager");
    expect(buildTsQuery(queryTokens("%_ 🔥"), "&")).toBeNull();
  });

  it("counts a swap of two letters as one typo", () => {
    expect(editDistance("notoin", "notion")).toBe(1);
    expect(editDistance("trelo", "trello")).toBe(1);
    expect(editDistance("figam", "figma")).toBe(1);
    expect(editDistance("notes", "notion")).toBe(3);
  });
});

describe("searchProducts", () => {
  it("puts the product with the exact name first, whatever the case and spacing", async () => {
    expect((await names("Notion"))[0]).toBe("Notion");
    expect((await names("  notion "))[0]).toBe("Notion");
    expect((await names("FIGMA"))[0]).toBe("Figma");
    expect((await searchProducts("  Notion  ")).query).toBe("Notion");
  });

  it("ranks the exact name above far more popular products that only mention it", async () => {
    // Papr's text says "Notion" over and over and it has a million upvotes: by text and
    // popularity alone it would outrank Notion.
    await getDb().execute(sql`update products set tagline = 'Notion notes, Notion wikis, Notion docs for Notion fans',
      description = 'Notion. ' || description where product_name = 'Papr'`);
    await getDb().execute(
      sql`update product_stats set upvotes = 1000000 where product_id in (select id from products where product_name in ('Papr', 'Focalboard'))`,
    );
    const found = await names("notion");
    expect(found[0]).toBe("Notion");
    expect(found).toContain("Papr");
    expect(found.indexOf("Notion AI")).toBeLessThan(found.indexOf("Papr"));
  });

  it("finds a product from a name with a typo", async () => {
    expect((await names("notoin")).slice(0, 5)).toContain("Notion");
    expect((await names("obsidain")).slice(0, 5)).toContain("Obsidian");
    expect((await names("trelo")).slice(0, 5)).toContain("Trello");
  });

  it("finds a product from the start of its name", async () => {
    expect((await names("nextd")).slice(0, 3)).toContain("NextDNS");
    expect((await names("obsid"))[0]).toBe("Obsidian");
    expect((await names("postm")).slice(0, 3)).toEqual(expect.arrayContaining(["Postman", "Postmake"]));
  });

  it("finds password managers by what their tagline and tags say", async () => {
    const top = await names("password manager", 10);
    const managers = ["KeePass", "KeepassXC", "LastPass", "NordPass", "Keeweb", "Padloc", "Strongbox", "Dashlane", "Buttercup", "Swifty", "Keyzer", "1Password"];
    expect(top.filter((name) => managers.includes(name)).length).toBeGreaterThanOrEqual(6);
    expect(managers).toContain(top[0]);
  });

  it("puts the products a query names first: 'password manager', 'feed readers', 'e-books'", async () => {
    const tagged = async (q: string, tag: string) => (await searchProducts(q, { limit: 5 })).items.filter((card) => card.tags.includes(tag)).length;
    expect(await tagged("password manager", "password-managers")).toBe(5);
    expect(await tagged("feed readers", "feed-readers")).toBe(5);
    expect(await tagged("e-books", "ebooks")).toBe(5);
    expect(await tagged("to do list", "tasks-to-do-lists")).toBe(5);
  });

  it("finds what most of the words describe when no product says them all", async () => {
    expect(await names("privacy friendly web analytics", 3)).toContain("Plausible");
    expect(await names("uninstall apps mac", 3)).toContain("AppCleaner");
    expect(await names("video conferencing voip", 3)).toContain("Jitsi");
  });

  it("completes a name to the closest product first", async () => {
    expect((await names("notio"))[0]).toBe("Notion");
    expect((await names("homebr"))[0]).toBe("Homebrew");
  });

  it("finds kanban tools from 'kanban board'", async () => {
    const top = await names("kanban board", 10);
    const kanban = ["Trello", "Kanba", "Kanri", "KanbanFlow", "VivifyScrum", "Fizzy"];
    expect(top.slice(0, 5).filter((name) => kanban.includes(name)).length).toBeGreaterThanOrEqual(3);
  });

  it("falls back to any of the words when no product has them all", async () => {
    const found = await names("kanban zzyzxqq");
    expect(found).toEqual(expect.arrayContaining(["Trello", "Kanri"]));
  });

  it("never shows a product that is not live, nor a suggestion", async () => {
    await setStatus("Obsidian", "draft");
    await getDb().execute(sql`update products set type = 'suggestion' where product_name = 'Trello'`);
    try {
      for (const q of ["Obsidian", "obsid", "obsidain", "second brain"]) expect(await names(q, 100)).not.toContain("Obsidian");
      for (const q of ["Trello", "trelo", "kanban board"]) expect(await names(q, 100)).not.toContain("Trello");
    } finally {
      await setStatus("Obsidian", "live");
      await getDb().execute(sql`update products set type = 'product' where product_name = 'Trello'`);
    }
    expect((await names("Obsidian"))[0]).toBe("Obsidian");
  });

  it("answers blank queries with nothing", async () => {
    expect(await searchProducts("")).toEqual({ items: [], query: "", nextOffset: null });
    expect((await searchProducts(" \t ")).items).toEqual([]);
  });

  it("pages through results in the same order as one long page, never repeating a product", async () => {
    for (const q of ["password", "open source", "editor"]) {
      const oneLongPage = (await searchProducts(q, { limit: 30 })).items.map((card) => card.id);
      expect(oneLongPage.length).toBeGreaterThan(10);
      const paged: number[] = [];
      for (let offset: number | null = 0; offset !== null && paged.length < 30; ) {
        const page: Awaited<ReturnType<typeof searchProducts>> = await searchProducts(q, { limit: 4, offset });
        paged.push(...page.items.map((card) => card.id));
        offset = page.nextOffset;
      }
      expect(paged.slice(0, 30)).toEqual(oneLongPage);
    }
    expect((await searchProducts("password", { limit: 500 })).items.length).toBeLessThanOrEqual(100);
  });

  it("returns results or nothing for odd input, never an error, and leaves the data alone", async () => {
    const before = await countProducts();
    const odd = ["%", "_", "'", '"', "'; drop table products; --", "🔥🚀", "x".repeat(10_000), "a:*|b", "!()&", "\\", "<->", "a & b", "(", "*:", "%_%", "'' or 1=1 --", "\u0000", "café 東京"];
    for (const q of odd) {
      const result = await searchProducts(q);
      expect(Array.isArray(result.items)).toBe(true);
    }
    expect(await names("%")).not.toHaveLength(3198);
    expect(await countProducts()).toBe(before);
  });

  it("returns complete product cards", async () => {
    const [card] = (await searchProducts("Notion")).items;
    expect(card).toMatchObject({ product_name: "Notion", slug: expect.any(String), tags: expect.any(Array), upvotes: expect.any(Number) });
    expect(() => new Date(card!.created_at).toISOString()).not.toThrow();
  });
});
