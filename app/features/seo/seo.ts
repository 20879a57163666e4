/**
 * Per-page SEO tags for React Router `meta` exports: title, description, canonical link, Open
 * Graph, Twitter and JSON-LD. Client-safe (no server imports): route modules use it directly.
 *
 *   export function meta({ data }: Route.MetaArgs) {
 *     return [
 *       ...seoMeta({ title, description, url: `${APP_URL}/resources/${slug}`, siteName }),
 *       jsonLd(softwareApplicationLd({ ... })),
 *     ];
 *   }
 */
import type { MetaDescriptor } from "react-router";
import { stripHtml, truncateText } from "~/lib/text";

export const META_DESCRIPTION_MAX = 160;

export interface SeoMetaInput {
  /** The page title, used verbatim for `<title>`, og:title and twitter:title. */
  title: string;
  /** Plain text or HTML; tags are stripped and the text cut to about 160 characters. */
  description?: string | null;
  /** The absolute canonical URL of the page. */
  url: string;
  /** Absolute URL, or a path resolved against `url`. */
  image?: string | null;
  type?: "website" | "article";
  siteName: string;
  /** Ask search engines not to index the page (links are still followed). */
  noindex?: boolean;
}

export function seoMeta(input: SeoMetaInput): MetaDescriptor[] {
  const description = metaDescription(input.description);
  const image = absoluteUrl(input.image, input.url);
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { tagName: "link", rel: "canonical", href: input.url },
    { property: "og:title", content: input.title },
    { property: "og:url", content: input.url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: input.siteName },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: input.title },
  ];
  if (description) {
    tags.splice(1, 0, { name: "description", content: description });
    tags.push(
      { property: "og:description", content: description },
      { name: "twitter:description", content: description },
    );
  }
  if (image) tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/* --------------------------------------------------------------------- Text */

/** The text of a meta description: HTML stripped, about 160 characters, cut at a word boundary. */
export function metaDescription(text: string | null | undefined, max = META_DESCRIPTION_MAX): string {
  return truncateText(stripHtml(text), max);
}

function absoluteUrl(value: string | null | undefined, base: string): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(trimmed, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/* ------------------------------------------------------------------ JSON-LD */

export type JsonLdValue = string | number | boolean | null | JsonLdObject | JsonLdValue[];
export type JsonLdObject = { [key: string]: JsonLdValue };

/**
 * A `<script type="application/ld+json">` meta descriptor. Pass the data as is: React Router's
 * `<Meta />` serialises it with JSON.stringify and then replaces `<`, `>`, `&`, U+2028 and U+2029
 * with `\uXXXX` escapes, so no string can close the script element (meta.test.ts checks this by
 * rendering through `<Meta />`). Escaping here as well would corrupt the data.
 */
export function jsonLd(data: JsonLdObject | JsonLdObject[]): MetaDescriptor {
  return { "script:ld+json": data };
}

const SCRIPT_UNSAFE: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** JSON for a hand-written `<script type="application/ld+json">` (outside `<Meta />`), safe inside HTML. */
export function serializeJsonLd(data: JsonLdObject | JsonLdObject[]): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_UNSAFE[c] ?? c);
}

export interface SoftwareApplicationInput {
  name: string;
  /** Plain text or HTML; stripped and cut to 300 characters. */
  description?: string | null;
  /** The absolute URL of the product page. */
  url: string;
  /** Logo or screenshot: absolute URL, or a path resolved against `url`. */
  image?: string | null;
  /** A schema.org application type, e.g. "BusinessApplication", "DeveloperApplication". */
  applicationCategory?: string | null;
  operatingSystem?: string | null;
  /** The product's pricing; "free" and "freemium" become an Offer with price "0". */
  pricing?: string | null;
  /** Reviews (1-5 stars); left out unless reviewCount > 0. */
  aggregateRating?: { ratingValue: number; reviewCount: number } | null;
}

export function softwareApplicationLd(input: SoftwareApplicationInput): JsonLdObject {
  const ld: JsonLdObject = {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: input.name,
    url: input.url,
  };
  const description = metaDescription(input.description, 300);
  if (description) ld.description = description;
  const image = absoluteUrl(input.image, input.url);
  if (image) ld.image = image;
  if (input.applicationCategory) ld.applicationCategory = input.applicationCategory;
  if (input.operatingSystem) ld.operatingSystem = input.operatingSystem;
  const pricing = input.pricing?.toLowerCase();
  if (pricing === "free" || pricing === "freemium") {
    ld.offers = { "@type": "Offer", price: "0", priceCurrency: "USD", url: input.url };
  }
  const rating = input.aggregateRating;
  if (rating && Number.isFinite(rating.reviewCount) && rating.reviewCount > 0 && Number.isFinite(rating.ratingValue)) {
    ld.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: Math.round(Math.min(5, Math.max(1, rating.ratingValue)) * 10) / 10,
      reviewCount: Math.floor(rating.reviewCount),
      bestRating: 5,
      worstRating: 1,
    };
  }
  return ld;
}

export interface BreadcrumbItem {
  name: string;
  /** Absolute URL. */
  url: string;
}

export function breadcrumbListLd(items: BreadcrumbItem[]): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

/** A ranked list of pages (an alternatives page's products), as schema.org's ItemList. */
export function itemListLd(name: string, items: BreadcrumbItem[]): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    itemListOrder: "https://schema.org/ItemListOrderDescending",
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({ "@type": "ListItem", position: index + 1, name: item.name, url: item.url })),
  };
}

export interface ListPageMetaData {
  appUrl: string;
  siteName: string;
  /** The page's heading, which titles the page unless `title` says otherwise. */
  title: string;
  /** The visible trail: from Home (href "/") to the page itself (no href). */
  breadcrumbs: { name: string; href?: string }[];
}

/** A list page's tags: the SEO tags (titled "… | site") and its breadcrumb trail as JSON-LD. */
export function listPageMeta(data: ListPageMetaData, page: { path: string; description: string; title?: string }): MetaDescriptor[] {
  const url = `${data.appUrl}${page.path}`;
  const trail = data.breadcrumbs.map((crumb) => ({ name: crumb.name, url: crumb.href ? `${data.appUrl}${crumb.href}` : url }));
  return [
    ...seoMeta({ title: `${page.title ?? data.title} | ${data.siteName}`, description: page.description, url, siteName: data.siteName }),
    jsonLd(breadcrumbListLd(trail)),
  ];
}
