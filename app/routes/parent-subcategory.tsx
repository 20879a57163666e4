import { redirect } from "react-router";
import type { Route } from "./+types/parent-subcategory";
import { CatalogErrorBoundary } from "~/features/catalog/components/not-found-state";
import { ListPageView } from "~/features/catalog/components/list-page-view";
import { cardEngagement } from "~/features/engagement/components/card-engagement";
import { loadListPage, notFound } from "~/features/catalog/list-page.server";
import { getPublishedNiche, getPublishedSubcategory } from "~/features/catalog/taxonomy-queries.server";
import { breadcrumbListLd, jsonLd, seoMeta } from "~/features/seo/meta";
import { env } from "~/lib/env.server";

export async function loader({ params, request }: Route.LoaderArgs) {
  if (!params.subcategory?.trim()) throw redirect("/");
  const subcategory = await getPublishedSubcategory(params.subcategory);
  if (!subcategory) notFound("This category doesn't exist, has been removed, or is not published.");
  const nicheSlug = new URL(request.url).searchParams.get("niche");
  const niche = nicheSlug ? await getPublishedNiche(nicheSlug) : undefined;
  if (nicheSlug && !niche) notFound("The selected niche could not be found.");
  const list = await loadListPage(
    { nicheId: niche?.id, subcategoryIds: [subcategory.id, ...subcategory.childIds] },
    { selectedNiche: niche?.slug, selectedSubcategory: subcategory.slug, nicheId: niche?.id },
  );
  const { SITE_NAME, APP_URL, NEWSLETTER_URL } = env();
  return { ...list, niche: niche ?? null, subcategory, siteName: SITE_NAME, appUrl: APP_URL, newsletterUrl: NEWSLETTER_URL ?? null };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  const url = `${data.appUrl}/parent-subcategory/${data.subcategory.slug}`;
  return [
    ...seoMeta({
      title: `${data.subcategory.name} for Experts and Beginners | ${data.siteName}`,
      description: `The best ${data.subcategory.name} resources as at ${data.monthYear}.`,
      url,
      siteName: data.siteName,
    }),
    jsonLd(breadcrumbListLd([{ name: "Home", url: `${data.appUrl}/` }, { name: data.subcategory.name, url }])),
  ];
}

export default function ParentSubcategoryPage({ loaderData }: Route.ComponentProps) {
  const { niche, subcategory } = loaderData;
  return (
    <ListPageView
      cardActions={cardEngagement}
      {...loaderData}
      title={`${subcategory.name} for Experts and Beginners`}
      subtitle={`Discover 100+ Best ${subcategory.name} Resources as at ${loaderData.monthYear}`}
      breadcrumbs={[{ name: "Home", href: "/" }, { name: subcategory.name }]}
      query={niche ? { niche: niche.slug, subcategory: subcategory.slug } : { subcategory: subcategory.slug }}
    />
  );
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFoundTitle="Category not found" />;
}
