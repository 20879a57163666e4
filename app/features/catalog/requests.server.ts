/**
 * What the catalogue's routes call: a list page's data (first page, sidebar, Spotlight, Trending),
 * the public API's list parameters, and the 301 from a renamed niche's or subcategory's old slug.
 */
import { z } from "zod";
import { data, redirect } from "react-router";
import type { ListCard, ListCardPage, ProductCard } from "~/domain/product-card";
import { env } from "~/lib/env.server";
import { listProducts, type ListFilter } from "./queries/list.server";
import { spotlight, trending } from "./queries/product.server";
import type { SidebarData } from "./components/sidebar";
import { memo } from "./memo.server";
import { encodeTree, nicheGroups, nicheTree } from "./sidebar-tree";
import { AI_CATEGORY_SLUG } from "./catalog";
import {
  aiSubcategoryIds,
  getPublishedNiche,
  getPublishedSubcategory,
  nicheSubcategoryCounts,
  nichesWithCounts,
  renamedSlug,
  type NicheRef,
  type TaxonKind,
} from "./queries/taxonomy.server";

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

/** As the counts it is built from (queries/taxonomy.server.ts). */
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

// The public API's list parameters.

const slug = z.string().trim().min(1).max(200);

export const listQuerySchema = z.object({
  niche: slug.optional(),
  subcategory: slug.optional(),
  tag: z.string().trim().min(1).max(100).optional(),
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number({ error: "must be a whole number from 1 to 100" }).int("must be a whole number from 1 to 100").min(1, "must be a whole number from 1 to 100").max(100, "must be a whole number from 1 to 100").default(20),
});

export type ListQuery = z.infer<typeof listQuerySchema>;

export class ParameterError extends Error {
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(message);
  }
}

/** Reads list parameters from a URL; repeated parameters are an error, not a guess. */
export function parseListQuery(url: URL): ListQuery {
  const raw: Record<string, string> = {};
  for (const key of ["niche", "subcategory", "tag", "cursor", "limit"]) {
    const values = url.searchParams.getAll(key);
    if (values.length > 1) throw new ParameterError(key, "must be given once");
    if (values.length === 1 && values[0] !== "") raw[key] = values[0]!;
  }
  const parsed = listQuerySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ParameterError(String(issue.path[0] ?? "query"), issue.message);
  }
  return parsed.data;
}

export interface ResolvedFilter {
  filter: ListFilter;
  niche?: NicheRef;
  subcategory?: NicheRef;
}

/** Turns slugs into ids: the AI pseudo-category, a parent subcategory with its children, a niche. */
export async function resolveListFilter(query: Pick<ListQuery, "niche" | "subcategory" | "tag">): Promise<ResolvedFilter> {
  const result: ResolvedFilter = { filter: {} };
  if (query.niche) {
    const niche = await getPublishedNiche(query.niche);
    if (!niche) throw new ParameterError("niche", "no published niche has this slug");
    result.niche = niche;
    result.filter.nicheId = niche.id;
  }
  if (query.subcategory === AI_CATEGORY_SLUG) {
    result.filter.subcategoryIds = await aiSubcategoryIds();
  } else if (query.subcategory) {
    const subcategory = await getPublishedSubcategory(query.subcategory);
    if (!subcategory) throw new ParameterError("subcategory", "no published subcategory has this slug");
    result.subcategory = subcategory;
    result.filter.subcategoryIds = [subcategory.id, ...subcategory.childIds];
  }
  if (query.tag) result.filter.tag = query.tag;
  return result;
}

// Renamed niches and subcategories (decision 045): a public page that finds no published row under
// a slug asks here before answering 404, and answers 301 to the current slug.

/**
 * Throws a 301 to `to(currentSlug)` (keeping the query string) when `slug` is an old one;
 * returns when it is not, so the caller answers its 404.
 */
export async function redirectRenamed(kind: TaxonKind, slug: string, request: Request, to: (current: string) => string): Promise<void> {
  const current = await renamedSlug(kind, slug);
  if (!current || current === slug) return;
  throw redirect(`${to(encodeURIComponent(current))}${new URL(request.url).search}`, 301);
}
