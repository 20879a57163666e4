/**
 * The icons a page declares (<link rel="icon" | "shortcut icon" | "apple-touch-icon">), best first.
 * A tag scanner rather than a DOM: we need a few attributes of one element type, the page is
 * untrusted and capped, and whatever it names is fetched through the safe fetcher and checked
 * by content anyway, so a mis-scanned tag costs at most one refused fetch.
 */
import { decodeEntities } from "../text";

const ICON_RELS = new Set(["icon", "apple-touch-icon", "apple-touch-icon-precomposed"]);
/** Apple documents 180 px as the default touch icon; an icon without sizes is usually 16-32 px. */
const APPLE_DEFAULT_SIZE = 180;

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = match[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return attributes;
}

function largestSize(sizes: string | undefined): number {
  let largest = 0;
  for (const match of (sizes ?? "").matchAll(/(\d+)\s*x\s*(\d+)/gi)) largest = Math.max(largest, Math.min(Number(match[1]), Number(match[2])));
  return largest;
}

function resolveHttp(href: string, base: string): string | null {
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Absolute icon URLs from the page at `pageUrl`, largest first (apple-touch-icon wins ties). SVG icons are left out. */
export function findIconLinks(html: string, pageUrl: string): string[] {
  const text = html.replace(/<!--[\s\S]*?-->/g, "");
  const baseHref = /<base\b([^>]*)>/i.exec(text)?.[1];
  const base = (baseHref && resolveHttp(attributesOf(baseHref).get("href") ?? "", pageUrl)) || pageUrl;

  const found: { url: string; size: number; apple: boolean }[] = [];
  for (const match of text.matchAll(/<link\b([^>]*)>/gi)) {
    const attributes = attributesOf(match[1]!);
    const rels = (attributes.get("rel") ?? "").toLowerCase().split(/\s+/);
    const rel = rels.find((token) => ICON_RELS.has(token));
    const href = attributes.get("href");
    if (!rel || !href) continue;
    // SVG is refused by the normaliser (decision 030); skipping it here saves a fetch.
    if ((attributes.get("type") ?? "").toLowerCase().includes("svg") || /\.svgz?(\?|#|$)/i.test(href)) continue;
    const url = resolveHttp(href, base);
    if (!url) continue;
    const apple = rel.startsWith("apple-touch-icon");
    found.push({ url, apple, size: largestSize(attributes.get("sizes")) || (apple ? APPLE_DEFAULT_SIZE : 0) });
  }
  found.sort((a, b) => b.size - a.size || Number(b.apple) - Number(a.apple));
  return [...new Set(found.map((icon) => icon.url))];
}
