import { data } from "react-router";
import { listProducts, type ListFilter } from "./list.server";
import { spotlight, trending } from "./product.server";
import type { SidebarData } from "./components/sidebar";
import { nichesWithCounts, subcategoriesWithCounts } from "./taxonomy-queries.server";

/** Month and year as the spec's subtitles show them, e.g. "November 2026". */
export function monthYear(now = new Date()) {
  return now.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}

/** What every list page loads: the first page, the sidebar, Spotlight and Trending. */
export async function loadListPage(filter: ListFilter, sidebar: Omit<SidebarData, "niches" | "subcategories"> & { nicheId?: number }, options: { limit?: number } = {}) {
  const { nicheId, ...rest } = sidebar;
  const [page, niches, subcategories, spotlightProducts, trendingProducts] = await Promise.all([
    listProducts(filter, { limit: options.limit ?? 20 }),
    nichesWithCounts(),
    subcategoriesWithCounts(nicheId),
    spotlight(4),
    trending(10),
  ]);
  return {
    page,
    sidebar: { ...rest, niches, subcategories } satisfies SidebarData,
    spotlight: spotlightProducts,
    trending: trendingProducts,
    monthYear: monthYear(),
  };
}

/** A 404 page for a missing niche or category, with the spec's message. */
export function notFound(message: string): never {
  throw data({ message }, { status: 404 });
}
