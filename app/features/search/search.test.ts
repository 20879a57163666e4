import { describe, expect, it } from "vitest";
import { buildMostWordsQuery, buildPhraseQuery, buildTsQuery, searchTerms, tagForms } from "./search";

describe("the catalogue's spellings", () => {
  it("joins words people split that the catalogue writes as one", () => {
    expect(searchTerms(["to", "do", "list"])).toEqual(["todo", "list"]);
    expect(searchTerms(["e", "book", "reader"])).toEqual(["ebook", "reader"]);
    expect(searchTerms(["password", "manager"])).toEqual(["password", "manager"]);
  });

  it("searches a word as any of its spellings, mac as macOS too", () => {
    expect(buildTsQuery(["window", "manager", "mac"], "&")).toBe("window & manager & (mac | macos | osx)");
    expect(buildTsQuery(["ebook"], "&")).toBe("(ebook:* | e-book:*)");
    expect(buildTsQuery(["todo", "list"], "|")).toBe("(todo | to-do) | list");
  });
});

describe("phrases and fallbacks", () => {
  it("keeps the typed order as a phrase, so 'text to speech' is not 'speech to text'", () => {
    expect(buildPhraseQuery(["text", "to", "speech"])).toBe("text <-> to <-> speech");
    expect(buildPhraseQuery(["notion"])).toBeNull();
  });

  it("asks for all the words but one, whichever, from three words up", () => {
    expect(buildMostWordsQuery(["privacy", "web", "analytics"])).toBe("(web & analytics) | (privacy & analytics) | (privacy & web)");
    expect(buildMostWordsQuery(["password", "manager"])).toBeNull();
  });
});

describe("tagForms", () => {
  it("names the tags a query may mean, hyphenated, run together, singular and plural", () => {
    expect(tagForms(["password", "manager"])).toEqual(expect.arrayContaining(["password-manager", "password-managers"]));
    expect(tagForms(["feed", "readers"])).toEqual(expect.arrayContaining(["feed-readers", "feed-reader"]));
    expect(tagForms(["e", "books"])).toEqual(expect.arrayContaining(["e-books", "ebooks"]));
    expect(tagForms(["discord"])).toEqual(["discord", "discords"]);
  });

  it("looks at every run of two words or more, not at single words of a longer query", () => {
    const forms = tagForms(["self", "hosted", "password", "manager"]);
    expect(forms).toEqual(expect.arrayContaining(["self-hosted", "password-managers", "hosted-password-manager"]));
    expect(forms).not.toContain("password");
    expect(forms).not.toContain("manager");
  });
});
