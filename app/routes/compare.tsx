import { isRouteErrorResponse, useRouteError } from "react-router";
import type { Route } from "./+types/compare";
import { NotFoundState } from "~/components/not-found-state";
import { Breadcrumbs } from "~/features/catalog/components/breadcrumbs";
import { CatalogErrorBoundary } from "~/features/catalog/components/not-found-state";
import { outboundUrl } from "~/features/catalog/catalog";
import { CompareTable } from "~/features/compare/components/compare-table";
import { comparePath } from "~/features/compare/compare";
import { compareLoader } from "~/features/compare/requests.server";
import { seoMeta } from "~/features/seo/seo";
import { env } from "~/lib/env.server";

export async function loader({ params }: Route.LoaderArgs) {
  const { products } = await compareLoader(params.slugs);
  const { APP_URL, SITE_NAME } = env();
  const names = products.map((p) => p.product_name).join(" vs ");
  const meta = seoMeta({
    title: `${names}: Compare Pricing, Ratings and Features | ${SITE_NAME}`,
    description: `${names} side by side: pricing, ratings, reviews, upvotes, niches and tags.`,
    url: `${APP_URL}${comparePath(products.map((p) => p.slug))}`,
    siteName: SITE_NAME,
  });
  const websites = Object.fromEntries(products.map((p) => [p.slug, p.website_url ? outboundUrl(p.website_url, SITE_NAME) : null]));
  return { products, websites, names, meta };
}

export function meta({ data }: Route.MetaArgs) {
  return data?.meta ?? [];
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { products, websites, names } = loaderData;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <Breadcrumbs items={[{ name: "Home", href: "/" }, { name: "Compare" }]} />
      <h1 className="text-2xl font-bold break-words">{names}</h1>
      <CompareTable products={products} website={(p) => websites[p.slug] ?? null} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // A malformed address (one product, four, the same one twice) says what to change.
  if (isRouteErrorResponse(error) && error.status === 400) {
    const message = (error.data as { message?: string } | undefined)?.message ?? "This comparison cannot be shown.";
    return (
      <>
        <title>Cannot compare these products</title>
        <meta name="robots" content="noindex" />
        <NotFoundState title="Cannot compare these products" message={message} />
      </>
    );
  }
  return <CatalogErrorBoundary notFoundTitle="Comparison not found" />;
}
