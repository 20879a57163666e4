import type { Route } from "./+types/ai-tools";
import { AI_CATEGORY_NAME, AI_CATEGORY_SLUG } from "~/features/catalog/catalog";
import { CatalogErrorBoundary } from "~/features/catalog/components/not-found-state";
import { ListPageView } from "~/features/catalog/components/list-page-view";
import { cardEngagement } from "~/features/engagement/components/card-engagement";
import { listHeading, listSite, loadListPage, notFound } from "~/features/catalog/requests.server";
import {
  aiSubcategoryIds,
  getPublishedNiche,
  nichesWithCounts,
} from "~/features/catalog/queries/taxonomy.server";
import { listPageMeta } from "~/features/seo/seo";

export async function loader({ request }: Route.LoaderArgs) {
  const nicheSlug = new URL(request.url).searchParams.get("niche");
  const niche = nicheSlug ? await getPublishedNiche(nicheSlug) : undefined;
  if (nicheSlug && !niche) notFound("The selected niche could not be found.");
  const subcategoryIds = await aiSubcategoryIds();
  const [list, aiNiches] = await Promise.all([
    loadListPage({ nicheId: niche?.id, subcategoryIds }, { selectedNiche: niche?.slug, variant: "niches" }),
    nichesWithCounts({ subcategoryIds }),
  ]);
  const subtitle = `Discover 100+ Best AI Tools${niche ? ` for ${niche.name}` : ""} as at ${list.monthYear}`;
  const query: Record<string, string> = niche ? { subcategory: AI_CATEGORY_SLUG, niche: niche.slug } : { subcategory: AI_CATEGORY_SLUG };
  return {
    ...list,
    ...listSite(),
    ...listHeading(AI_CATEGORY_NAME, subtitle, [{ name: "All AI Tools" }], query),
    sidebar: { ...list.sidebar, niches: aiNiches },
    niche: niche ?? null,
  };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return listPageMeta(data, {
    path: "/ai-tools",
    title: `All AI Tools: ${data.title}`,
    description: `Discover the best AI tools: chatbots, writing, image, video, coding assistants and more, as at ${data.monthYear}.`,
  });
}

export default function AiToolsPage({ loaderData }: Route.ComponentProps) {
  return <ListPageView cardActions={cardEngagement} {...loaderData} />;
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFoundTitle="Niche not found" />;
}
