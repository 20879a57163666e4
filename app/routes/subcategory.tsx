import { redirect } from "react-router";
import type { Route } from "./+types/subcategory";
import { AI_CATEGORY_NAME, AI_CATEGORY_SLUG } from "~/features/catalog/ai-category";
import { CatalogErrorBoundary } from "~/features/catalog/components/not-found-state";
import { ListPageView } from "~/features/catalog/components/list-page-view";
import { cardEngagement } from "~/features/engagement/components/card-engagement";
import { loadListPage, notFound } from "~/features/catalog/list-page.server";
import { aiSubcategoryIds, getPublishedNiche, getPublishedSubcategory } from "~/features/catalog/taxonomy-queries.server";
import { breadcrumbListLd, jsonLd, seoMeta } from "~/features/seo/meta";
import { env } from "~/lib/env.server";

const CATEGORY_MISSING = "This category doesn't exist, has been removed, or is not published.";

export async function loader({ params }: Route.LoaderArgs) {
  if (!params.subcategory?.trim()) throw redirect("/");
  const niche = await getPublishedNiche(params.niche);
  if (!niche) notFound("This niche could not be found. Please select a valid niche.");
  let subcategory: { name: string; slug: string };
  let subcategoryIds: number[];
  if (params.subcategory === AI_CATEGORY_SLUG) {
    subcategory = { name: AI_CATEGORY_NAME, slug: AI_CATEGORY_SLUG };
    subcategoryIds = await aiSubcategoryIds();
  } else {
    const found = await getPublishedSubcategory(params.subcategory);
    if (!found) notFound(CATEGORY_MISSING);
    subcategory = found;
    subcategoryIds = [found.id, ...found.childIds];
  }
  const list = await loadListPage(
    { nicheId: niche.id, subcategoryIds },
    { selectedNiche: niche.slug, selectedSubcategory: subcategory.slug, nicheId: niche.id },
  );
  const { SITE_NAME, APP_URL, NEWSLETTER_URL } = env();
  return { ...list, niche, subcategory, siteName: SITE_NAME, appUrl: APP_URL, newsletterUrl: NEWSLETTER_URL ?? null };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  const nicheUrl = `${data.appUrl}/niche/${data.niche.slug}`;
  const url = `${nicheUrl}/subcategory/${encodeURIComponent(data.subcategory.slug)}`;
  return [
    ...seoMeta({
      title: `${data.subcategory.name} for Experts and Beginners | ${data.siteName}`,
      description: `The best ${data.subcategory.name} resources in ${data.niche.name}, as at ${data.monthYear}.`,
      url,
      siteName: data.siteName,
    }),
    jsonLd(
      breadcrumbListLd([
        { name: "Home", url: `${data.appUrl}/` },
        { name: data.niche.name, url: nicheUrl },
        { name: data.subcategory.name, url },
      ]),
    ),
  ];
}

export default function SubcategoryPage({ loaderData }: Route.ComponentProps) {
  const { niche, subcategory } = loaderData;
  return (
    <ListPageView
      cardActions={cardEngagement}
      {...loaderData}
      title={`${subcategory.name} for Experts and Beginners`}
      subtitle={`Discover 100+ Best ${subcategory.name} Resources as at ${loaderData.monthYear}`}
      breadcrumbs={[{ name: "Home", href: "/" }, { name: niche.name, href: `/niche/${niche.slug}` }, { name: subcategory.name }]}
      query={{ niche: niche.slug, subcategory: subcategory.slug }}
    />
  );
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFoundTitle="Category not found" />;
}
