import type { Route } from "./+types/niche";
import { CatalogErrorBoundary } from "~/features/catalog/components/not-found-state";
import { ListPageView } from "~/features/catalog/components/list-page-view";
import { cardEngagement } from "~/features/engagement/components/card-engagement";
import { loadListPage, notFound } from "~/features/catalog/list-page.server";
import { getPublishedNiche } from "~/features/catalog/taxonomy-queries.server";
import { breadcrumbListLd, jsonLd, seoMeta } from "~/features/seo/meta";
import { env } from "~/lib/env.server";

export async function loader({ params }: Route.LoaderArgs) {
  const niche = await getPublishedNiche(params.niche);
  if (!niche) notFound("This niche could not be found. Please select a valid niche.");
  const list = await loadListPage({ nicheId: niche.id }, { selectedNiche: niche.slug, nicheId: niche.id });
  const { SITE_NAME, APP_URL, NEWSLETTER_URL } = env();
  return { ...list, niche, siteName: SITE_NAME, appUrl: APP_URL, newsletterUrl: NEWSLETTER_URL ?? null };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  const url = `${data.appUrl}/niche/${data.niche.slug}`;
  return [
    ...seoMeta({
      title: `${data.niche.name} Resources for Experts and Beginners | ${data.siteName}`,
      description: data.niche.description ?? `Discover the best ${data.niche.name} resources as at ${data.monthYear}.`,
      url,
      siteName: data.siteName,
    }),
    jsonLd(breadcrumbListLd([{ name: "Home", url: `${data.appUrl}/` }, { name: data.niche.name, url }])),
  ];
}

export default function NichePage({ loaderData }: Route.ComponentProps) {
  const { niche } = loaderData;
  return (
    <ListPageView
      cardActions={cardEngagement}
      {...loaderData}
      title={`${niche.name} Resources for Experts and Beginners`}
      subtitle={`Discover 100+ Best ${niche.name} Resources as at ${loaderData.monthYear}`}
      breadcrumbs={[{ name: "Home", href: "/" }, { name: niche.name }]}
      query={{ niche: niche.slug }}
    />
  );
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFoundTitle="Niche not found" />;
}
