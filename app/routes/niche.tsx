import type { Route } from "./+types/niche";
import { CatalogErrorBoundary } from "~/features/catalog/components/not-found-state";
import { ListPageView } from "~/features/catalog/components/list-page-view";
import { cardEngagement } from "~/features/engagement/components/card-engagement";
import { listHeading, listSite, loadListPage, notFound, redirectRenamed } from "~/features/catalog/requests.server";
import { getPublishedNiche } from "~/features/catalog/queries/taxonomy.server";
import { listPageMeta } from "~/features/seo/seo";

export async function loader({ params, request }: Route.LoaderArgs) {
  const niche = await getPublishedNiche(params.niche);
  if (!niche) await redirectRenamed("niche", params.niche, request, (slug) => `/niche/${slug}`);
  if (!niche) notFound("This niche could not be found. Please select a valid niche.");
  const list = await loadListPage({ nicheId: niche.id }, { selectedNiche: niche.slug, nicheId: niche.id });
  const subtitle = `Discover 100+ Best ${niche.name} Resources as at ${list.monthYear}`;
  return { ...list, ...listSite(), ...listHeading(`${niche.name} Resources`, subtitle, [{ name: niche.name }], { niche: niche.slug }), niche };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  const description = data.niche.description ?? `Discover the best ${data.niche.name} resources as at ${data.monthYear}.`;
  return listPageMeta(data, { path: `/niche/${data.niche.slug}`, description });
}

export default function NichePage({ loaderData }: Route.ComponentProps) {
  return <ListPageView cardActions={cardEngagement} {...loaderData} />;
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFoundTitle="Niche not found" />;
}
