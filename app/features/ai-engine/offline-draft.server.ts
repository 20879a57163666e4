/**
 * Provider "none": a draft from the page's own metadata (title, meta description, Open Graph,
 * headings, keywords), with niches and subcategories matched by words against the published
 * taxonomy. Works with no key and no network beyond the product's website.
 */
import type { ListingDraft } from "~/domain/product-form/ai-draft";
import type { ContentFormat } from "./ai-engine";
import type { PageMetadata } from "./page-metadata.server";
import type { PublishedTaxonomy } from "./queries.server";
import { suggestTaxonomy } from "./taxonomy-match.server";

const SEPARATORS = /\s+[|–—:·•-]\s+/;

function clipWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).trim()}…`;
}

function firstSentence(text: string): string {
  const match = /^(.{20,}?[.!?])(\s|$)/.exec(text);
  return match ? match[1]! : text;
}

function hostName(url: string): string {
  try {
    const host = new URL(url).hostname.replace(/^www\./, "");
    const label = host.split(".")[0] ?? host;
    return label.charAt(0).toUpperCase() + label.slice(1);
  } catch {
    return "";
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Paragraphs as the content format wants them: blank-line separated text, or <p> elements. */
export function formatParagraphs(paragraphs: string[], format: ContentFormat): string {
  return format === "html" ? paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n") : paragraphs.join("\n\n");
}

export function offlineDraft(meta: PageMetadata, taxonomy: PublishedTaxonomy, format: ContentFormat): ListingDraft {
  const titleParts = meta.title.split(SEPARATORS).map((part) => part.trim()).filter(Boolean);
  const productName = clipWords(meta.siteName || titleParts[0] || meta.ogTitle || hostName(meta.url), 100);
  const rest = titleParts.slice(1).join(" – ");
  const summary = meta.ogDescription || meta.description;
  const headline = clipWords(
    [meta.ogTitle !== meta.title && meta.ogTitle !== productName ? meta.ogTitle : "", rest, meta.headings[0] ?? "", firstSentence(summary)].find(
      (text) => text && text.toLowerCase() !== productName.toLowerCase(),
    ) ?? "",
    300,
  );
  const tagline = clipWords(
    [firstSentence(summary), meta.headings.find((h) => h !== headline) ?? ""].find((text) => text && text !== headline) ?? "",
    300,
  );
  const paragraphs: string[] = [];
  for (const text of [meta.description, meta.ogDescription, ...meta.paragraphs]) {
    if (text && !paragraphs.some((p) => p.includes(text) || text.includes(p))) paragraphs.push(text);
    if (paragraphs.join(" ").length > 1500) break;
  }
  const tags: string[] = [];
  for (const keyword of meta.keywords) {
    const tag = keyword.slice(0, 50);
    if (!tags.some((t) => t.toLowerCase() === tag.toLowerCase())) tags.push(tag);
    if (tags.length >= 10) break;
  }
  const text = [meta.title, meta.ogTitle, meta.description, meta.ogDescription, meta.keywords.join(" "), ...meta.headings, ...meta.paragraphs].join(" ");
  const { niches, subcategories } = suggestTaxonomy(text, taxonomy);
  return { productName, headline, tagline, description: formatParagraphs(paragraphs, format), tags, niches, subcategories };
}
