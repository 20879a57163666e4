import type { Route } from "./+types/alternatives";
import { Breadcrumbs } from "~/features/catalog/components/breadcrumbs";
import { CatalogErrorBoundary } from "~/features/catalog/components/not-found-state";
import { ProductCard } from "~/features/catalog/components/product-card";
import { AlternativesList } from "~/features/alternatives/components/alternatives-list";
import { alternativesPath } from "~/features/alternatives/alternatives";
import { alternativesLoader } from "~/features/alternatives/requests.server";
import { comparePath } from "~/features/compare/compare";
import { breadcrumbListLd, itemListLd, jsonLd, seoMeta } from "~/features/seo/seo";
import { env } from "~/lib/env.server";

export async function loader({ params }: Route.LoaderArgs) {
  const { subject, alternatives } = await alternativesLoader(params.slug);
  const { APP_URL, SITE_NAME } = env();
  const url = `${APP_URL}${alternativesPath(subject.slug)}`;
  const title = `${subject.product_name} Alternatives`;
  // Built here, on the server, like the product page's: the builders stay out of the browser's bundle.
  const meta = [
    ...seoMeta({
      title: `${title}: ${alternatives.length} Tools Like ${subject.product_name} | ${SITE_NAME}`,
      description: `The best alternatives to ${subject.product_name}${subject.tagline ? ` (${subject.tagline})` : ""}, ranked by how closely they do the same job.`,
      url,
      image: subject.logo_url,
      siteName: SITE_NAME,
    }),
    jsonLd(itemListLd(title, alternatives.map((p) => ({ name: p.product_name, url: `${APP_URL}/resources/${p.slug}` })))),
    jsonLd(
      breadcrumbListLd([
        { name: "Home", url: `${APP_URL}/` },
        { name: subject.product_name, url: `${APP_URL}/resources/${subject.slug}` },
        { name: "Alternatives", url },
      ]),
    ),
  ];
  return { subject, alternatives, meta };
}

export function meta({ data }: Route.MetaArgs) {
  return data?.meta ?? [];
}

export default function AlternativesPage({ loaderData }: Route.ComponentProps) {
  const { subject, alternatives } = loaderData;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <Breadcrumbs items={[{ name: "Home", href: "/" }, { name: subject.product_name, href: `/resources/${subject.slug}` }, { name: "Alternatives" }]} />
      <div>
        <h1 className="text-2xl font-bold break-words">{subject.product_name} Alternatives</h1>
        <p className="text-muted-foreground">
          Products that do the same job as {subject.product_name}, most alike first: by subcategory, tags and what they say they do.
        </p>
      </div>
      <AlternativesList
        subject={subject}
        alternatives={alternatives}
        card={(alternative) => <ProductCard product={alternative} />}
        compareHref={(alternative) => comparePath([subject.slug, alternative.slug])}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFoundTitle="Product not found" />;
}
