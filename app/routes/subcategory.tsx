import { redirect } from "react-router";
import type { Route } from "./+types/subcategory";
import { AI_CATEGORY_NAME, AI_CATEGORY_SLUG } from "~/features/catalog/catalog";
import { CatalogErrorBoundary } from "~/features/catalog/components/not-found-state";
import { ListPageView } from "~/features/catalog/components/list-page-view";
import { cardEngagement } from "~/features/engagement/components/card-engagement";
import { listHeading, listSite, loadListPage, notFound, redirectRenamed } from "~/features/catalog/requests.server";
import { aiSubcategoryIds, getPublishedNiche, getPublishedSubcategory } from "~/features/catalog/queries/taxonomy.server";
import { listPageMeta } from "~/features/seo/seo";

const CATEGORY_MISSING = "This category doesn't exist, has been removed, or is not published.";

export async function loader({ params, request }: Route.LoaderArgs) {
  if (!params.subcategory?.trim()) throw redirect("/");
  const niche = await getPublishedNiche(params.niche);
  if (!niche) {
    const rest = `/subcategory/${encodeURIComponent(params.subcategory)}`;
    await redirectRenamed("niche", params.niche, request, (slug) => `/niche/${slug}${rest}`);
  }
  if (!niche) notFound("This niche could not be found. Please select a valid niche.");
  let subcategory: { name: string; slug: string };
  let subcategoryIds: number[];
  if (params.subcategory === AI_CATEGORY_SLUG) {
    subcategory = { name: AI_CATEGORY_NAME, slug: AI_CATEGORY_SLUG };
    subcategoryIds = await aiSubcategoryIds();
  } else {
    const found = await getPublishedSubcategory(params.subcategory);
    if (!found) {
      const base = `/niche/${encodeURIComponent(niche.slug)}/subcategory/`;
      await redirectRenamed("subcategory", params.subcategory, request, (slug) => `${base}${slug}`);
    }
    if (!found) notFound(CATEGORY_MISSING);
    subcategory = found;
    subcategoryIds = [found.id, ...found.childIds];
  }
  const list = await loadListPage(
    { nicheId: niche.id, subcategoryIds },
    { selectedNiche: niche.slug, selectedSubcategory: subcategory.slug, nicheId: niche.id },
  );
  const subtitle = `Discover 100+ Best ${subcategory.name} Resources as at ${list.monthYear}`;
  const trail = [{ name: niche.name, href: `/niche/${niche.slug}` }, { name: subcategory.name }];
  const query = { niche: niche.slug, subcategory: subcategory.slug };
  return { ...list, ...listSite(), ...listHeading(subcategory.name, subtitle, trail, query), niche, subcategory };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  const path = `/niche/${data.niche.slug}/subcategory/${encodeURIComponent(data.subcategory.slug)}`;
  const description = `The best ${data.subcategory.name} resources in ${data.niche.name}, as at ${data.monthYear}.`;
  return listPageMeta(data, { path, description });
}

export default function SubcategoryPage({ loaderData }: Route.ComponentProps) {
  return <ListPageView cardActions={cardEngagement} {...loaderData} />;
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFoundTitle="Category not found" />;
}
