import type { Route } from "./+types/home";
import { CatalogLayout } from "~/features/catalog/components/catalog-layout";
import { Hero } from "~/features/catalog/components/hero";
import { ProductList } from "~/features/catalog/components/product-list";
import { cardEngagement } from "~/features/engagement/components/card-engagement";
import { Spotlight, TrendingPanel } from "~/features/catalog/components/spotlight";
import { redirectToPrimaryNiche } from "~/features/profile/requests.server";
import { loadListPage } from "~/features/catalog/requests.server";
import { countLiveProducts } from "~/features/catalog/queries/taxonomy.server";
import { seoMeta } from "~/features/seo/seo";
import { formatCount } from "~/lib/format";
import { env } from "~/lib/env.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectToPrimaryNiche(request, context);
  const [list, total] = await Promise.all([loadListPage({}, {}), countLiveProducts()]);
  const { SITE_NAME, APP_URL, NEWSLETTER_URL } = env();
  return { ...list, total, siteName: SITE_NAME, canonical: `${APP_URL}/`, newsletterUrl: NEWSLETTER_URL ?? null };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return seoMeta({
    title: `${data.siteName}: the best software tools, apps and communities`,
    description: `Discover ${formatCount(data.total)} hand-picked software tools, apps, web apps and online communities for experts and beginners, grouped by niche.`,
    url: data.canonical,
    siteName: data.siteName,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { page, sidebar, spotlight, trending, total, monthYear, newsletterUrl } = loaderData;
  return (
    <CatalogLayout sidebar={sidebar} aside={<Spotlight products={spotlight} />}>
      <Hero
        title="Discover the best tools, apps and communities"
        subtitle={`${formatCount(total)} live products as at ${monthYear}, for experts and beginners.`}
        newsletterUrl={newsletterUrl}
      />
      <div className="mb-4">
        <TrendingPanel products={trending} />
      </div>
      <ProductList initial={page} query={{}} pageSize={80} max={100} cardActions={cardEngagement} />
    </CatalogLayout>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto flex min-h-[40vh] max-w-xl flex-col items-center justify-center gap-4 text-center">
      <title>Failed to load products</title>
      <h1 className="text-2xl font-bold">Failed to load products</h1>
      <p className="text-muted-foreground">Please try again in a moment.</p>
      <a href="/" className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground">
        Try Again
      </a>
    </div>
  );
}
