import { data } from "react-router";
import { env } from "~/lib/env.server";
import { listProducts, type ListFilter } from "./list.server";
import { spotlight, trending } from "./product.server";
import type { SidebarData } from "./components/sidebar";
import { nicheGroups, nicheTree } from "./sidebar-tree";
import { nicheSubcategoryCounts, nichesWithCounts } from "./taxonomy-queries.server";

// toLocaleDateString builds a formatter on each call (2% of a list page's CPU): one, made once.
const MONTH_YEAR = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** Month and year as the spec's subtitles show them, e.g. "November 2026". */
export function monthYear(now = new Date()) {
  return MONTH_YEAR.format(now);
}

/** What every list page loads: the first page, the sidebar, Spotlight and Trending. */
export async function loadListPage(filter: ListFilter, sidebar: Omit<SidebarData, "niches" | "subcategories"> & { nicheId?: number }, options: { limit?: number } = {}) {
  const { nicheId, ...rest } = sidebar;
  const [page, niches, placed, spotlightProducts, trendingProducts] = await Promise.all([
    listProducts(filter, { limit: options.limit ?? 20 }),
    nichesWithCounts(),
    nicheSubcategoryCounts(),
    spotlight(4),
    trending(10),
  ]);
  // A niche's page lists its subcategories; the others group every niche's (decision 049).
  const subcategories =
    nicheId !== undefined && rest.selectedNiche
      ? nicheTree(rest.selectedNiche, placed.filter((row) => row.niche_id === nicheId), rest.selectedSubcategory)
      : nicheGroups(niches, placed, rest.selectedSubcategory);
  return {
    page: { ...page, items: withoutDescriptions(page.items) },
    sidebar: { ...rest, niches, subcategories } satisfies SidebarData,
    spotlight: withoutDescriptions(spotlightProducts),
    trending: withoutDescriptions(trendingProducts),
    monthYear: monthYear(),
  };
}

/**
 * List cards show the tagline, never the description: leaving it out of the page's data spares
 * every list page about 10 KB of HTML and its encoding (the API's cards keep it).
 */
export function withoutDescriptions<T extends { description: string | null }>(cards: readonly T[]): T[] {
  return cards.map((card) => ({ ...card, description: null }));
}

/** The site settings a list page's meta tags and hero use. */
export function listSite() {
  const { SITE_NAME, APP_URL, NEWSLETTER_URL } = env();
  return { siteName: SITE_NAME, appUrl: APP_URL, newsletterUrl: NEWSLETTER_URL ?? null };
}

/**
 * The hero, breadcrumb trail and Load More filter of a list page, for ListPageView. `topic` gets the
 * spec's "… for Experts and Beginners"; the trail starts at Home and ends at the page itself.
 */
export function listHeading(topic: string, subtitle: string, trail: { name: string; href?: string }[], query: Record<string, string>) {
  return { title: `${topic} for Experts and Beginners`, subtitle, breadcrumbs: [{ name: "Home", href: "/" }, ...trail], query };
}

/** A 404 page for a missing niche or category, with the spec's message. */
export function notFound(message: string): never {
  throw data({ message }, { status: 404 });
}
