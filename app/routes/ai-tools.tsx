import type { Route } from "./+types/ai-tools";
import { AI_CATEGORY_NAME, AI_CATEGORY_SLUG } from "~/features/catalog/ai-category";
import { CatalogErrorBoundary } from "~/features/catalog/components/not-found-state";
import { ListPageView } from "~/features/catalog/components/list-page-view";
import { cardEngagement } from "~/features/engagement/components/card-engagement";
import { loadListPage, notFound } from "~/features/catalog/list-page.server";
import {
  aiSubcategoryIds,
  getPublishedNiche,
  nichesWithCounts,
} from "~/features/catalog/taxonomy-queries.server";
import { breadcrumbListLd, jsonLd, seoMeta } from "~/features/seo/meta";
import { env } from "~/lib/env.server";

export async function loader({ request }: Route.LoaderArgs) {
  const nicheSlug = new URL(request.url).searchParams.get("niche");
  const niche = nicheSlug ? await getPublishedNiche(nicheSlug) : undefined;
  if (nicheSlug && !niche) notFound("The selected niche could not be found.");
  const subcategoryIds = await aiSubcategoryIds();
  const [list, aiNiches] = await Promise.all([
    loadListPage({ nicheId: niche?.id, subcategoryIds }, { selectedNiche: niche?.slug, variant: "niches" }),
    nichesWithCounts({ subcategoryIds }),
  ]);
  const { SITE_NAME, APP_URL, NEWSLETTER_URL } = env();
  return {
    ...list,
    sidebar: { ...list.sidebar, niches: aiNiches },
    niche: niche ?? null,
    siteName: SITE_NAME,
    appUrl: APP_URL,
    newsletterUrl: NEWSLETTER_URL ?? null,
  };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  const url = `${data.appUrl}/ai-tools`;
  return [
    ...seoMeta({
      title: `All AI Tools: ${AI_CATEGORY_NAME} for Experts and Beginners | ${data.siteName}`,
      description: `Discover the best AI tools: chatbots, writing, image, video, coding assistants and more, as at ${data.monthYear}.`,
      url,
      siteName: data.siteName,
    }),
    jsonLd(breadcrumbListLd([{ name: "Home", url: `${data.appUrl}/` }, { name: "All AI Tools", url }])),
  ];
}

export default function AiToolsPage({ loaderData }: Route.ComponentProps) {
  const { niche } = loaderData;
  return (
    <ListPageView
      cardActions={cardEngagement}
      {...loaderData}
      title={`${AI_CATEGORY_NAME} for Experts and Beginners`}
      subtitle={`Discover 100+ Best AI Tools${niche ? ` for ${niche.name}` : ""} as at ${loaderData.monthYear}`}
      breadcrumbs={[{ name: "Home", href: "/" }, { name: "All AI Tools" }]}
      query={niche ? { subcategory: AI_CATEGORY_SLUG, niche: niche.slug } : { subcategory: AI_CATEGORY_SLUG }}
    />
  );
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFoundTitle="Niche not found" />;
}
