/**
 * The "Featured on {SITE_NAME}" badge makers embed on their own sites (issue 11, Embed Badge):
 * a 250x54 SVG with the product's upvote count. Pure, so it renders the same everywhere and its
 * bytes can serve as its own ETag.
 */
import { escapeXml, truncateText } from "~/lib/text";

export const BADGE_WIDTH = 250;
export const BADGE_HEIGHT = 54;

export type BadgeTheme = "light" | "dark";

export interface BadgePalette {
  background: string;
  border: string;
  /** The site name and the count. */
  text: string;
  /** "FEATURED ON". */
  muted: string;
  /** The mark's disc and the upvote arrow. */
  accent: string;
  /** The initial on the mark. */
  onAccent: string;
}

/** The site's own light and dark colours (app/app.css), each pair at least 4.5:1 (tested). */
export const BADGE_PALETTES: Record<BadgeTheme, BadgePalette> = {
  light: { background: "#ffffff", border: "#cbd5e1", text: "#0f172a", muted: "#475569", accent: "#4338ca", onAccent: "#ffffff" },
  dark: { background: "#111827", border: "#334155", text: "#f1f5f9", muted: "#a8b3c4", accent: "#a5b4fc", onAccent: "#1e1b4b" },
};

/** The product slug of a `/badge/{file}` name ending in `.svg`, or null (no lookup for anything else). */
export function badgeSlug(file: string | undefined): string | null {
  const slug = file?.endsWith(".svg") ? file.slice(0, -".svg".length) : "";
  // The API's bound on slugs (api.v1.products.$slug.ts); NUL never reaches here (server/input-guards.ts).
  return slug.length > 0 && slug.length <= 200 ? slug : null;
}

/** `?theme=dark` picks the dark badge; anything else (or nothing) the light one. */
export function badgeTheme(value: string | null): BadgeTheme {
  return value === "dark" ? "dark" : "light";
}

/** Upvotes as a badge shows them: 999, 1.2K, 12K, 1.2M; rounded down, so never more than were given. */
export function formatBadgeCount(count: number): string {
  const n = Math.max(0, Math.floor(count));
  if (n < 1000) return String(n);
  const [unit, suffix] = n < 1_000_000 ? [1000, "K"] : [1_000_000, "M"];
  const shown = n < 10 * unit ? Math.floor(n / (unit / 10)) / 10 : Math.floor(n / unit);
  return `${shown}${suffix}`;
}

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const NAME_X = 52;
/** Room for the site name between the mark and the count column. */
const NAME_WIDTH = 132;
/** A generous average glyph width of bold sans-serif text, in ems. */
const GLYPH_EM = 0.62;
const NAME_MAX_CHARS = 19;

/** The site name's font size: 18 px, smaller for long names (down to 11 px; longer names are cut). */
function nameFontSize(name: string): number {
  const fitting = Math.floor(NAME_WIDTH / (Array.from(name).length * GLYPH_EM));
  return Math.max(11, Math.min(18, fitting));
}

export interface BadgeInput {
  siteName: string;
  productName: string;
  upvotes: number;
  theme: BadgeTheme;
}

export function renderBadge({ siteName, productName, upvotes, theme }: BadgeInput): string {
  const c = BADGE_PALETTES[theme];
  const name = truncateText(siteName, NAME_MAX_CHARS);
  const initial = Array.from(siteName.trim())[0]?.toUpperCase() ?? "";
  const count = formatBadgeCount(upvotes);
  const label = `${truncateText(productName, 100)} is featured on ${siteName}: ${upvotes} upvote${upvotes === 1 ? "" : "s"}`;
  const x = escapeXml;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${BADGE_WIDTH}" height="${BADGE_HEIGHT}" viewBox="0 0 ${BADGE_WIDTH} ${BADGE_HEIGHT}" role="img" aria-label="${x(label)}">`,
    `<title>${x(label)}</title>`,
    `<rect x="0.5" y="0.5" width="${BADGE_WIDTH - 1}" height="${BADGE_HEIGHT - 1}" rx="10" fill="${c.background}" stroke="${c.border}"/>`,
    `<circle cx="27" cy="27" r="17" fill="${c.accent}"/>`,
    `<text x="27" y="33" text-anchor="middle" font-family="${FONT}" font-size="18" font-weight="700" fill="${c.onAccent}">${x(initial)}</text>`,
    `<text x="${NAME_X}" y="21" font-family="${FONT}" font-size="9" font-weight="600" letter-spacing="0.8" fill="${c.muted}">FEATURED ON</text>`,
    `<text x="${NAME_X}" y="40" font-family="${FONT}" font-size="${nameFontSize(name)}" font-weight="700" fill="${c.text}">${x(name)}</text>`,
    `<path d="M215 10 L223 20 H207 Z" fill="${c.accent}"/>`,
    `<text x="215" y="40" text-anchor="middle" font-family="${FONT}" font-size="15" font-weight="700" fill="${c.text}">${x(count)}</text>`,
    `</svg>`,
  ].join("");
}
