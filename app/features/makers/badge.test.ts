import { describe, expect, it } from "vitest";
import { BADGE_PALETTES, type BadgeInput, badgeSlug, badgeTheme, formatBadgeCount, renderBadge } from "./badge";

const base: BadgeInput = { siteName: "Toolnest", productName: "Notion", upvotes: 42, theme: "light" };

/** Markup the renderer writes: anything else in the output came from a name and was not escaped. */
const OWN_TAGS = /<\/?(svg|title|rect|circle|text|path)[ >/]/g;
const ENTITIES = /&(amp|lt|gt|quot|apos);/g;

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe("renderBadge", () => {
  it("is a 250x54 SVG saying Featured on the site, with the count", () => {
    const svg = renderBadge(base);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="250" height="54" viewBox="0 0 250 54"/);
    expect(svg).toContain(">FEATURED ON</text>");
    expect(svg).toContain(">Toolnest</text>");
    expect(svg).toContain(">42</text>");
    expect(svg).toContain('aria-label="Notion is featured on Toolnest: 42 upvotes"');
  });

  it("escapes & < > \" ' in the product and site names, so the SVG stays well-formed and inert", () => {
    const hostile = `A&B <script>alert(1)</script> "q" 'a'`;
    const svg = renderBadge({ ...base, siteName: `Tools & <Co> "x" 'y'`, productName: hostile });
    expect(svg).not.toContain("<script");
    expect(svg).toContain("A&amp;B &lt;script&gt;alert(1)&lt;/script&gt; &quot;q&quot; &apos;a&apos;");
    expect(svg).toContain("Tools &amp; &lt;Co&gt;");
    const bare = svg.replace(OWN_TAGS, "").replace(ENTITIES, "");
    expect(bare).not.toMatch(/[<&]/);
    // Every attribute value is closed where the renderer closed it: no quote from a name ends one early.
    expect(svg.match(/aria-label="([^"]*)"/)?.[1]).toBe(
      "A&amp;B &lt;script&gt;alert(1)&lt;/script&gt; &quot;q&quot; &apos;a&apos; is featured on Tools &amp; &lt;Co&gt; &quot;x&quot; &apos;y&apos;: 42 upvotes",
    );
  });

  it("fits a long site name by shrinking it, then cutting it", () => {
    const nameText = (siteName: string) => /<text x="52" y="40" [^>]*font-size="(\d+)"[^>]*>([^<]*)</.exec(renderBadge({ ...base, siteName }))!.slice(1);
    expect(nameText("Toolnest")).toEqual(["18", "Toolnest"]);
    expect(nameText("Open Source Tools")).toEqual(["12", "Open Source Tools"]);
    expect(nameText("The Extraordinarily Long Directory of Tools")).toEqual(["11", "The Extraordinaril…"]);
  });

  it("gives the dark variant other colours, every text readable on its background (WCAG AA)", () => {
    const light = renderBadge(base);
    const dark = renderBadge({ ...base, theme: "dark" });
    expect(dark).not.toBe(light);
    expect(dark).toContain(`fill="${BADGE_PALETTES.dark.background}"`);
    expect(BADGE_PALETTES.dark.background).not.toBe(BADGE_PALETTES.light.background);
    for (const c of Object.values(BADGE_PALETTES)) {
      expect(contrast(c.text, c.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.muted, c.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.onAccent, c.accent)).toBeGreaterThanOrEqual(4.5);
      // The arrow and the mark are graphics: 3:1 against the badge.
      expect(contrast(c.accent, c.background)).toBeGreaterThanOrEqual(3);
    }
  });
});

describe("formatBadgeCount", () => {
  it("shows counts up to 999 in full and larger ones in K and M, never rounded up", () => {
    expect([0, 1, 999].map(formatBadgeCount)).toEqual(["0", "1", "999"]);
    expect([1000, 1234, 1999, 9999, 10_000, 12_345, 999_999].map(formatBadgeCount)).toEqual(["1K", "1.2K", "1.9K", "9.9K", "10K", "12K", "999K"]);
    expect([1_000_000, 1_250_000, 25_000_000].map(formatBadgeCount)).toEqual(["1M", "1.2M", "25M"]);
  });
});

describe("badgeSlug and badgeTheme", () => {
  it("takes the slug of a .svg name only, within the API's length bound", () => {
    expect(badgeSlug("notion.svg")).toBe("notion");
    expect(badgeSlug("my-app-dark.svg")).toBe("my-app-dark");
    expect([undefined, "notion", "notion.png", ".svg", `${"a".repeat(201)}.svg`].map(badgeSlug)).toEqual([null, null, null, null, null]);
  });

  it("is dark only for theme=dark", () => {
    expect([badgeTheme("dark"), badgeTheme("light"), badgeTheme(null), badgeTheme("DARK<")]).toEqual(["dark", "light", "light", "light"]);
  });
});
