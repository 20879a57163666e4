import type { Route } from "./+types/tag";
import { CatalogErrorBoundary } from "~/features/catalog/components/not-found-state";
import { ListPageView } from "~/features/catalog/components/list-page-view";
import { cardEngagement } from "~/features/engagement/components/card-engagement";
import { loadListPage, notFound } from "~/features/catalog/list-page.server";
import { breadcrumbListLd, jsonLd, seoMeta } from "~/features/seo/meta";
import { env } from "~/lib/env.server";

export async function loader({ params }: Route.LoaderArgs) {
  const tag = params.tag.trim();
  if (!tag || tag.length > 100) notFound("No products have this tag.");
  const list = await loadListPage({ tag }, {});
  if (list.page.items.length === 0) notFound("No products have this tag.");
  const { SITE_NAME, APP_URL, NEWSLETTER_URL } = env();
  // The spec hides the niche selector on AI tags.
  const sidebar = { ...list.sidebar, hideNicheSelect: /ai/i.test(tag) };
  return { ...list, sidebar, tag, siteName: SITE_NAME, appUrl: APP_URL, newsletterUrl: NEWSLETTER_URL ?? null };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  const url = `${data.appUrl}/tag/${encodeURIComponent(data.tag)}`;
  return [
    ...seoMeta({
      title: `Discover 100+ Best ${data.tag} Products as at ${data.monthYear} | ${data.siteName}`,
      description: `${data.tag} products for experts and beginners: software tools, apps and communities.`,
      url,
      siteName: data.siteName,
    }),
    jsonLd(breadcrumbListLd([{ name: "Home", url: `${data.appUrl}/` }, { name: `#${data.tag}`, url }])),
  ];
}

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag } = loaderData;
  return (
    <ListPageView
      cardActions={cardEngagement}
      {...loaderData}
      title={`${tag} Products for Experts and Beginners`}
      subtitle={`Discover 100+ Best ${tag} Products as at ${loaderData.monthYear}`}
      breadcrumbs={[{ name: "Home", href: "/" }, { name: `#${tag}` }]}
      query={{ tag }}
    />
  );
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFoundTitle="Tag not found" />;
}
