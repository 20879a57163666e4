import { describe, expect, it } from "vitest";
import { renderHtml } from "../../../tests/support/render-html";
import { CatalogProductLogo, isStoredLogoUrl, monogram } from "./product-monogram";

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe("product logos in the catalogue", () => {
  it("draws a monogram with the product's initials, named for assistive technology, when there is no logo", () => {
    const html = renderHtml(<CatalogProductLogo name="Visual Studio Code" src={null} />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Visual Studio Code logo"');
    expect(html).toMatch(/>VS<\/span>/);
    expect(html).not.toContain("<img");
    expect(renderHtml(<CatalogProductLogo name="notion" src={null} />)).toMatch(/>N<\/span>/);
    expect(renderHtml(<CatalogProductLogo name="  " src={null} />)).toMatch(/>\?<\/span>/);
  });

  it("never loads an outside address: the monogram stands in until our stored copy exists", () => {
    const outside = renderHtml(<CatalogProductLogo name="Linear" src="https://raw.githubusercontent.com/x/y/logo.png" />);
    expect(outside).not.toContain("githubusercontent");
    expect(outside).toContain('aria-label="Linear logo"');
    const stored = renderHtml(<CatalogProductLogo name="Linear" src="/uploads/logos/0123456789abcdef0123456789abcdef.webp" />);
    expect(stored).toContain('<img src="/uploads/logos/0123456789abcdef0123456789abcdef.webp" alt="Linear logo"');
  });

  it("tells our copies from other addresses", () => {
    expect(isStoredLogoUrl("/uploads/logos/0123456789abcdef0123456789abcdef.webp")).toBe(true);
    expect(isStoredLogoUrl("https://cdn.example.com/bucket/logos/0123456789abcdef0123456789abcdef.webp")).toBe(true);
    expect(isStoredLogoUrl("https://example.com/logo.png")).toBe(false);
    expect(isStoredLogoUrl("//example.com/logo.png")).toBe(false);
    expect(isStoredLogoUrl("javascript:alert(1)")).toBe(false);
    expect(isStoredLogoUrl(null)).toBe(false);
  });

  it("picks a colour from the name alone, always readable under white text", () => {
    expect(monogram("Figma").color).toBe(monogram("figma").color);
    const colors = new Set(["Figma", "Notion", "Linear", "Slack", "Zoom", "Miro", "Canva", "Trello"].map((name) => monogram(name).color));
    expect(colors.size).toBeGreaterThan(3);
    for (const name of ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r"]) {
      expect((1.05 / (luminance(monogram(name).color) + 0.05))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("hides a decorative logo beside the product's name", () => {
    const html = renderHtml(<CatalogProductLogo name="Zoom" src={null} decorative />);
    expect(html).toContain('aria-hidden="true"');
    expect(html).not.toContain("aria-label");
  });
});
