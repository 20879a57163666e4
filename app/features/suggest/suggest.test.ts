import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/domain/auth/redirect-path";
import { SUGGESTION_MAX, SUGGESTION_REQUIRED, SUGGESTION_TOO_LONG, cut, resumePath, resumedText, suggestionSchema } from "./suggest";
import { parseForm } from "~/lib/forms";

const back = (path: string) => resumedText(new URL(path, "http://localhost"));

describe("the return path after sign-in", () => {
  it("carries the text, which sign-in keeps as it is", () => {
    const text = "Excalidraw: https://excalidraw.com & friends?text=x\n\nA whiteboard — für alle 🎨\n";
    const path = resumePath(text);
    expect(safeRedirectPath(path)).toBe(path);
    expect(back(path)).toBe(text);
  });

  it("is the bare form for blank text", () => {
    expect(resumePath(" \n\t ")).toBe("/submit");
  });

  it("brings tabs back as spaces and drops other control characters sign-in would refuse", () => {
    const path = resumePath("a\tb\u0007c\r\nd");
    expect(safeRedirectPath(path)).toBe(path);
    expect(back(path)).toBe("a bc\nd");
  });

  it.each([
    ["ASCII that needs escaping", "a&b ".repeat(500)],
    ["characters that encode to 9 bytes", "日本語".repeat(667)],
    ["emoji", "🎨".repeat(1000)],
  ])("shortens a long text (%s) so the path still fits what sign-in keeps", (_, text) => {
    const path = resumePath(text);
    expect(path.length).toBeLessThanOrEqual(2048);
    expect(safeRedirectPath(path, "/dropped")).toBe(path);
    const carried = back(path);
    // Filled up to the last character that fits (the longest encodes to 12 characters).
    expect(path.length).toBeGreaterThan(2048 - 12);
    expect(text.startsWith(carried)).toBe(true);
    expect(carried).not.toMatch(/[\uD800-\uDBFF]$/);
  });

  it("never hands the form more than it accepts, nor half a character", () => {
    expect(back(`/submit?text=${"a".repeat(5000)}`)).toHaveLength(SUGGESTION_MAX);
    expect(cut(`${"a".repeat(SUGGESTION_MAX - 1)}🎨`, SUGGESTION_MAX)).toBe("a".repeat(SUGGESTION_MAX - 1));
  });
});

describe("the suggestion schema", () => {
  it.each([[""], ["   \n\t "], [undefined]])("refuses %j with the spec's message", (text) => {
    expect(parseForm(suggestionSchema, { text })).toEqual({ ok: false, errors: { text: SUGGESTION_REQUIRED } });
  });

  it("counts a posted line break once, as the browser's counter does", () => {
    const text = `${"a".repeat(999)}\r\n${"b".repeat(1000)}`;
    expect(parseForm(suggestionSchema, { text })).toEqual({ ok: true, data: { text: `${"a".repeat(999)}\n${"b".repeat(1000)}` } });
    expect(parseForm(suggestionSchema, { text: `${text}c` })).toEqual({ ok: false, errors: { text: SUGGESTION_TOO_LONG } });
  });
});
