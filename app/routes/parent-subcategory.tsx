import { redirect } from "react-router";
import type { Route } from "./+types/parent-subcategory";
import { CatalogErrorBoundary } from "~/features/catalog/components/not-found-state";
import { ListPageView } from "~/features/catalog/components/list-page-view";
import { cardEngagement } from "~/features/engagement/components/card-engagement";
import { listHeading, listSite, loadListPage, notFound, redirectRenamed } from "~/features/catalog/requests.server";
import { getPublishedNiche, getPublishedSubcategory } from "~/features/catalog/queries/taxonomy.server";
import { listPageMeta } from "~/features/seo/seo";

export async function loader({ params, request }: Route.LoaderArgs) {
  if (!params.subcategory?.trim()) throw redirect("/");
  const subcategory = await getPublishedSubcategory(params.subcategory);
  if (!subcategory) await redirectRenamed("subcategory", params.subcategory, request, (slug) => `/parent-subcategory/${slug}`);
  if (!subcategory) notFound("This category doesn't exist, has been removed, or is not published.");
  const nicheSlug = new URL(request.url).searchParams.get("niche");
  const niche = nicheSlug ? await getPublishedNiche(nicheSlug) : undefined;
  if (nicheSlug && !niche) notFound("The selected niche could not be found.");
  const list = await loadListPage(
    { nicheId: niche?.id, subcategoryIds: [subcategory.id, ...subcategory.childIds] },
    { selectedNiche: niche?.slug, selectedSubcategory: subcategory.slug, nicheId: niche?.id },
  );
  const subtitle = `Discover 100+ Best ${subcategory.name} Resources as at ${list.monthYear}`;
  const query: Record<string, string> = niche ? { niche: niche.slug, subcategory: subcategory.slug } : { subcategory: subcategory.slug };
  const heading = listHeading(subcategory.name, subtitle, [{ name: subcategory.name }], query);
  return { ...list, ...listSite(), ...heading, niche: niche ?? null, subcategory };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  const description = `The best ${data.subcategory.name} resources as at ${data.monthYear}.`;
  return listPageMeta(data, { path: `/parent-subcategory/${data.subcategory.slug}`, description });
}

export default function ParentSubcategoryPage({ loaderData }: Route.ComponentProps) {
  return <ListPageView cardActions={cardEngagement} {...loaderData} />;
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFoundTitle="Category not found" />;
}
