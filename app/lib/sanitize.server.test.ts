import { describe, expect, it } from "vitest";
import { sanitizeDescription } from "./sanitize.server";

describe("sanitizeDescription", () => {
  it("keeps the small safe subset", () => {
    expect(sanitizeDescription("<p>Hello <strong>bold</strong> <em>it</em></p><ul><li>a</li></ul>")).toBe(
      "<p>Hello <strong>bold</strong> <em>it</em></p><ul><li>a</li></ul>",
    );
  });
  it("drops scripts, handlers and javascript: links", () => {
    const out = sanitizeDescription('<p onclick="x()">hi</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>');
    expect(out).not.toMatch(/script|onclick|onerror|javascript|<img/i);
    expect(out).toContain("<p>hi</p>");
  });
  it("makes links nofollow ugc and opens them in a new tab", () => {
    expect(sanitizeDescription('<a href="https://example.com" class="x">site</a>')).toBe(
      '<a href="https://example.com" rel="nofollow ugc noopener" target="_blank">site</a>',
    );
  });
});
