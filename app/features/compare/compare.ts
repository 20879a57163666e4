/** Client-safe rules of the comparison page (`/compare/{a}-vs-{b}[-vs-{c}]`). */

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 3;
const SEPARATOR = "-vs-";
const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;

export type CompareSlugs = { ok: true; slugs: string[] } | { ok: false; message: string };

/**
 * The products named by a comparison path segment, in canonical (alphabetical) order. A slug that
 * itself contains "-vs-" cannot be compared by address (none of the demo catalogue's does).
 */
export function parseCompareSlugs(segment: string): CompareSlugs {
  const slugs = segment.toLowerCase().split(SEPARATOR);
  if (slugs.length < COMPARE_MIN) return { ok: false, message: `Choose at least ${COMPARE_MIN} products to compare.` };
  if (slugs.length > COMPARE_MAX) return { ok: false, message: `Compare at most ${COMPARE_MAX} products at once.` };
  if (!slugs.every((slug) => SLUG.test(slug))) return { ok: false, message: "That comparison names a product that does not exist." };
  if (new Set(slugs).size !== slugs.length) return { ok: false, message: "Choose different products to compare." };
  return { ok: true, slugs: [...slugs].sort() };
}

/** The canonical path of a comparison: slugs in alphabetical order, so each pair has one address. */
export function comparePath(slugs: readonly string[]): string {
  return `/compare/${[...slugs].sort().join(SEPARATOR)}`;
}

/** What a comparison's table shows of each product. */
export interface ComparedProduct {
  id: number;
  slug: string;
  product_name: string;
  tagline: string | null;
  logo_url: string | null;
  website_url: string | null;
  pricing: string;
  tags: string[];
  upvotes: number;
  /** The mean of the visible reviews' ratings, one decimal; null without reviews. */
  rating: number | null;
  reviews: number;
  niches: string[];
  subcategories: string[];
}
