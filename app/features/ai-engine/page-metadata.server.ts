/**
 * What a product's home page says about itself: title, meta description, Open Graph, keywords,
 * headings and the first paragraphs. A tag scanner, not a DOM: the text only ever becomes a draft
 * a person reviews, and descriptions go through the sanitizer anyway.
 */
import { decodeEntities } from "~/lib/text";

export interface PageMetadata {
  url: string;
  title: string;
  description: string;
  siteName: string;
  ogTitle: string;
  ogDescription: string;
  keywords: string[];
  headings: string[];
  paragraphs: string[];
}

/** Text of an HTML fragment: tags removed, entities decoded, whitespace collapsed, control characters dropped. */
export function textOf(html: string): string {
  return (
    decodeEntities(html.replace(/<[^>]*>/g, " "))
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

function attributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-zA-Z_:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    attrs[match[1]!.toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attrs;
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export function extractPageMetadata(html: string, url: string): PageMetadata {
  const clean = html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1\s*>/gi, " ");
  const meta: Record<string, string> = {};
  for (const match of clean.matchAll(/<meta\b[^>]*>/gi)) {
    const attrs = attributes(match[0]);
    const key = (attrs.property ?? attrs.name ?? "").toLowerCase();
    if (key && attrs.content !== undefined && !(key in meta)) meta[key] = textOf(attrs.content);
  }
  const title = textOf(/<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(clean)?.[1] ?? "");
  const headings: string[] = [];
  for (const match of clean.matchAll(/<h([1-3])\b[^>]*>([\s\S]*?)<\/h\1\s*>/gi)) {
    const text = textOf(match[2]!);
    if (text && !headings.includes(text)) headings.push(clip(text, 200));
    if (headings.length >= 12) break;
  }
  const paragraphs: string[] = [];
  for (const match of clean.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p\s*>/gi)) {
    const text = textOf(match[1]!);
    if (text.length >= 40 && !paragraphs.includes(text)) paragraphs.push(clip(text, 600));
    if (paragraphs.length >= 6) break;
  }
  const keywords = (meta.keywords ?? "")
    .split(",")
    .map((word) => word.trim())
    .filter((word) => word.length > 1 && word.length <= 50)
    .slice(0, 20);
  return {
    url,
    title: clip(title, 300),
    description: clip(meta.description ?? "", 1000),
    siteName: clip(meta["og:site_name"] ?? meta["application-name"] ?? "", 100),
    ogTitle: clip(meta["og:title"] ?? meta["twitter:title"] ?? "", 300),
    ogDescription: clip(meta["og:description"] ?? meta["twitter:description"] ?? "", 1000),
    keywords,
    headings,
    paragraphs,
  };
}

/** True when the page gave us nothing to draft from. */
export function isEmptyPage(meta: PageMetadata): boolean {
  return !meta.title && !meta.description && !meta.ogTitle && !meta.ogDescription && !meta.headings.length && !meta.paragraphs.length;
}
