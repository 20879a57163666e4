/** The catalogue's client-safe constants and helpers. */

/** The spec's pseudo-category for All AI Tools: the subcategories about AI, across niches. */
export const AI_CATEGORY_SLUG = "ai-&-automation";
export const AI_CATEGORY_NAME = "AI & Automation";

/** The product's website with `ref={site}` added, as directories do. */
export function outboundUrl(websiteUrl: string, siteName: string): string {
  try {
    const url = new URL(websiteUrl);
    if (!url.searchParams.has("ref")) url.searchParams.set("ref", siteName.toLowerCase().replace(/[^a-z0-9]+/g, ""));
    return url.toString();
  } catch {
    return websiteUrl;
  }
}
