import { data } from "react-router";
import type { ListCard, ListCardPage, ProductCard } from "~/domain/product-card";
import { env } from "~/lib/env.server";
import { listProducts, type ListFilter } from "./list.server";
import { spotlight, trending } from "./product.server";
import type { SidebarData } from "./components/sidebar";
import { memo } from "./memo.server";
import { encodeTree, nicheGroups, nicheTree } from "./sidebar-tree";
import { nicheSubcategoryCounts, nichesWithCounts } from "./taxonomy-queries.server";

// toLocaleDateString builds a formatter on each call (2% of a list page's CPU): one, made once.
const MONTH_YEAR = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** Month and year as the spec's subtitles show them, e.g. "November 2026". */
export function monthYear(now = new Date()) {
  return MONTH_YEAR.format(now);
}

/** What every list page loads: the first page, the sidebar, Spotlight and Trending. */
export async function loadListPage(filter: ListFilter, sidebar: Omit<SidebarData, "niches" | "tree"> & { nicheId?: number }, options: { limit?: number } = {}) {
  const { nicheId, ...rest } = sidebar;
  const [page, niches, tree, spotlightProducts, trendingProducts] = await Promise.all([
    listProducts(filter, { limit: options.limit ?? 20 }),
    nichesWithCounts(),
    // The AI tools page filters by niche and shows no tree.
    rest.variant === "niches"
      ? encodeTree([])
      : sidebarTree(nicheId !== undefined && rest.selectedNiche ? { nicheId, nicheSlug: rest.selectedNiche } : undefined, rest.selectedSubcategory),
    spotlight(4),
    trending(10),
  ]);
  return {
    page: { items: listCards(page.items), nextCursor: page.nextCursor } satisfies ListCardPage,
    sidebar: { ...rest, niches, tree } satisfies SidebarData,
    spotlight: listCards(spotlightProducts),
    trending: listCards(trendingProducts),
    monthYear: monthYear(),
  };
}

/**
 * The sidebar's tree, encoded (`encodeTree`), built once from the cached counts and kept with them:
 * the same writes invalidate it ("lists"). A niche's page lists its subcategories; the others
 * group every niche's (decision 049).
 */
function sidebarTree(niche: { nicheId: number; nicheSlug: string } | undefined, currentSlug: string | undefined): Promise<string> {
  return memo(`sidebar-tree:${niche ? `${niche.nicheId}:${niche.nicheSlug}` : "all"}:${currentSlug ?? ""}`, SIDEBAR_TTL, async () => {
    const [niches, placed] = await Promise.all([nichesWithCounts(), nicheSubcategoryCounts()]);
    return encodeTree(
      niche
        ? nicheTree(niche.nicheSlug, placed.filter((row) => row.niche_id === niche.nicheId), currentSlug)
        : nicheGroups(niches, placed, currentSlug),
    );
  });
}

/** As the counts it is built from (taxonomy-queries.server.ts). */
const SIDEBAR_TTL = 60_000;

/**
 * What list cards show, and nothing else: the description, website, dates and flags stay out of
 * the page's data, which every list page encodes into its HTML on every request (the description
 * alone was about 10 KB; the API's cards keep everything).
 */
export function listCards(cards: readonly ProductCard[]): ListCard[] {
  // The cards come from the data cache, the same array request after request until a write drops
  // it: pick their fields once per array. Nothing changes what either holds.
  let picked = PICKED.get(cards);
  if (!picked) {
    picked = cards.map(({ id, slug, product_name, tagline, logo_url, pricing, tags, upvotes }) => ({ id, slug, product_name, tagline, logo_url, pricing, tags, upvotes }));
    PICKED.set(cards, picked);
  }
  return picked;
}

const PICKED = new WeakMap<readonly ProductCard[], ListCard[]>();

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
