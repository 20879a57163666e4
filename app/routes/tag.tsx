import type { Route } from "./+types/tag";
import { CatalogErrorBoundary } from "~/features/catalog/components/not-found-state";
import { ListPageView } from "~/features/catalog/components/list-page-view";
import { cardEngagement } from "~/features/engagement/components/card-engagement";
import { listHeading, listSite, loadListPage, notFound } from "~/features/catalog/requests.server";
import { listPageMeta } from "~/features/seo/seo";
import { tagLabel } from "~/domain/tag-label";

export async function loader({ params }: Route.LoaderArgs) {
  const tag = params.tag.trim();
  if (!tag || tag.length > 100) notFound("No products have this tag.");
  const list = await loadListPage({ tag }, {});
  if (list.page.items.length === 0) notFound("No products have this tag.");
  // The spec hides the niche selector on AI tags.
  const sidebar = { ...list.sidebar, hideNicheSelect: /ai/i.test(tag) };
  const label = tagLabel(tag);
  const subtitle = `Discover 100+ Best ${label} Products as at ${list.monthYear}`;
  return { ...list, ...listSite(), ...listHeading(`${label} Products`, subtitle, [{ name: label }], { tag }), sidebar, tag, label };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return listPageMeta(data, {
    path: `/tag/${encodeURIComponent(data.tag)}`,
    title: `Discover 100+ Best ${data.label} Products as at ${data.monthYear}`,
    description: `${data.label} products for experts and beginners: software tools, apps and communities.`,
  });
}

export default function TagPage({ loaderData }: Route.ComponentProps) {
  return <ListPageView cardActions={cardEngagement} {...loaderData} />;
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFoundTitle="Tag not found" />;
}
