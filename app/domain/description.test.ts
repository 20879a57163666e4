import { describe, expect, it } from "vitest";
import { descriptionWithoutTagline, textWithoutTagline } from "./description";
import { tagLabel } from "./tag-label";

describe("the description under a tagline", () => {
  it("drops the tagline when the description opens with it", () => {
    expect(descriptionWithoutTagline("Productivity subreddit. Listed under Websites.", "Productivity subreddit.")).toBe("Listed under Websites.");
    // Case, closing punctuation and a paragraph of its own do not matter.
    expect(descriptionWithoutTagline("<p>all-in-one WORKSPACE!</p><p>Notes and tasks.</p>", "All-in-one workspace")).toBe("<p>Notes and tasks.</p>");
    expect(descriptionWithoutTagline("<p>Fast &amp; small. Runs anywhere.</p>", "Fast & small")).toBe("<p>Runs anywhere.</p>");
    expect(descriptionWithoutTagline("A tool.<br>More here.", "A tool")).toBe("More here.");
  });

  it("leaves nothing when the description is only the tagline", () => {
    expect(descriptionWithoutTagline("Collection of shortcuts.", "Collection of shortcuts.")).toBe("");
    expect(descriptionWithoutTagline("<p>Collection of shortcuts</p>", "Collection of shortcuts.")).toBe("");
  });

  it("keeps descriptions that do not start with the whole tagline", () => {
    const html = "<p>Notion is a workspace.</p>";
    expect(descriptionWithoutTagline(html, "Notion")).toBe(html);
    expect(descriptionWithoutTagline("Notes app for teams.", "Notes")).toBe("Notes app for teams.");
    expect(descriptionWithoutTagline("Chat (beta) for all.", "Chat (beta) for everyone")).toBe("Chat (beta) for all.");
    expect(descriptionWithoutTagline(html, null)).toBe(html);
    expect(descriptionWithoutTagline(html, "  ")).toBe(html);
  });

  it("does the same for plain text", () => {
    expect(textWithoutTagline("Fast & small. Runs anywhere.", "Fast & small.")).toBe("Runs anywhere.");
    expect(textWithoutTagline("Other text.", "Fast & small.")).toBe("Other text.");
  });
});

describe("tag labels", () => {
  it("show tags as words", () => {
    expect(tagLabel("password-manager")).toBe("password manager");
    expect(tagLabel("open_source--tools")).toBe("open source tools");
    expect(tagLabel("macos")).toBe("macos");
  });
});
