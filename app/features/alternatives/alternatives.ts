import type { ListCard } from "~/domain/product-card";

/** How many alternatives a page shows: enough to choose from, few enough to rank well. */
export const ALTERNATIVES_LIMIT = 12;

/** The product an alternatives page is about. Client-safe. */
export interface AlternativesSubject {
  id: number;
  slug: string;
  product_name: string;
  tagline: string | null;
  logo_url: string | null;
}

/** One alternative: its card, and what it shares with the subject (shown as the reason). */
export interface Alternative extends ListCard {
  sharedSubcategories: string[];
  sharedTags: string[];
}

/** "Shares Password Managers, open-source and 2 more tags": why a product is listed, in one line. */
export function alternativeReason(alternative: Pick<Alternative, "sharedSubcategories" | "sharedTags">): string | null {
  const parts = [...alternative.sharedSubcategories, ...alternative.sharedTags];
  if (parts.length === 0) return null;
  const shown = parts.slice(0, 3).join(", ");
  const more = parts.length - 3;
  return more > 0 ? `Shares ${shown} and ${more} more` : `Shares ${shown}`;
}

/** The path of a product's alternatives page. */
export function alternativesPath(slug: string): string {
  return `/alternatives/${encodeURIComponent(slug)}`;
}
