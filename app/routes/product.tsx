import type { Route } from "./+types/product";
import { CatalogErrorBoundary } from "~/features/catalog/components/not-found-state";
import { Breadcrumbs } from "~/features/catalog/components/breadcrumbs";
import { getOptionalUser } from "~/domain/auth/session.server";
import { isProductMaker } from "~/domain/product-access.server";
import { PricingBadge } from "~/domain/components/pricing-badge";
import { ProductActions } from "~/features/catalog/components/product-actions";
import { ProductCard } from "~/features/catalog/components/product-card";
import { ProductMakers } from "~/features/catalog/components/product-community";
import { CatalogProductLogo } from "~/domain/components/product-monogram";
import { Spotlight } from "~/features/catalog/components/spotlight";
import { VideoEmbed } from "~/features/catalog/components/video-embed";
import { outboundUrl } from "~/features/catalog/catalog";
import { descriptionWithoutTagline } from "~/domain/description";
import { TagLink } from "~/components/tag-link";
import { PageLink } from "~/components/ui/page-link";
import { firstUpvoters, getPublicProduct, similarProducts, spotlight } from "~/features/catalog/queries/product.server";
import { listCards, notFound } from "~/features/catalog/requests.server";
import { breadcrumbListLd, jsonLd, seoMeta, softwareApplicationLd } from "~/features/seo/seo";
import { env } from "~/lib/env.server";
import { cardEngagement } from "~/features/engagement/components/card-engagement";
import { ProductUpvoters } from "~/features/engagement/components/product-upvoters";
import { SaveButton } from "~/features/engagement/components/save-button";
import { UpvoteButton } from "~/features/engagement/components/upvote-button";
import { viewerState } from "~/features/engagement/queries.server";
import { FeedbackSection } from "~/features/feedback/components/feedback-section";
import { publicProductFeedback } from "~/features/feedback/queries.server";
import { StatsRow } from "~/features/stats/components/stats-row-lazy";
import { submitterStatsFor } from "~/features/stats/queries.server";
import { useViewBeacon } from "~/features/stats/components/view-beacon";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const product = params.slug.length <= 200 ? await getPublicProduct(params.slug) : undefined;
  if (!product) notFound("The product you're looking for doesn't exist or has been removed.");
  // The root loader's session lookup, shared through the context (null without a session cookie).
  const user = await getOptionalUser(request, context);
  const viewerId = user?.id ?? null;
  const [similar, spotlightProducts, upvoters] = await Promise.all([similarProducts(product, 4), spotlight(4), firstUpvoters(product)]);
  // Reviews for everyone; the stats row only for the product's submitter (never in the anonymous page cache).
  const [feedback, submitterStats] = await Promise.all([publicProductFeedback(product), submitterStatsFor(product, viewerId)]);
  // What the signed-in viewer upvoted and saved, with the counts read in the same statement, so a
  // viewer's own upvote and the count beside it always agree (the product's counts are cached).
  const viewer = await viewerState(viewerId, product.id);
  const { SITE_NAME, APP_URL } = env();
  return {
    meta: productMetaOnce(product, APP_URL, SITE_NAME),
    product,
    viewer,
    similar: listCards(similar),
    spotlight: listCards(spotlightProducts),
    upvoters,
    feedback,
    submitterStats,
    // The product's own makers are not offered "Claim this product" (issue 36).
    viewerIsMaker: isProductMaker(product, viewerId),
    siteName: SITE_NAME,
    appUrl: APP_URL,
    outbound: product.website_url ? outboundUrl(product.website_url, SITE_NAME) : null,
  };
}

type PublicProduct = NonNullable<Awaited<ReturnType<typeof getPublicProduct>>>;

// The product comes from the data cache, the same object until a write drops it (decision 055):
// its tags are built once per object and site address.
const META = new WeakMap<PublicProduct, { site: string; meta: ReturnType<typeof productMeta> }>();

function productMetaOnce(product: PublicProduct, appUrl: string, siteName: string) {
  const site = `${appUrl} ${siteName}`;
  let built = META.get(product);
  if (built?.site !== site) {
    built = { site, meta: productMeta(product, appUrl, siteName) };
    META.set(product, built);
  }
  return built.meta;
}

/**
 * The page's SEO tags and JSON-LD, built by the loader: the builders (and the text helpers they
 * use) then stay on the server, and the browser, which runs `meta` on client-side navigations,
 * gets the finished tags with the page's data (decision 052).
 */
function productMeta(product: PublicProduct, appUrl: string, siteName: string) {
  const url = `${appUrl}/resources/${product.slug}`;
  const niche = product.niches[0];
  return [
    ...seoMeta({
      title: `${product.product_name}${product.tagline ? `: ${product.tagline}` : ""} | ${siteName}`,
      description: product.tagline || product.description,
      url,
      image: product.logo_url,
      type: "article",
      siteName,
    }),
    jsonLd(
      softwareApplicationLd({
        name: product.product_name,
        description: product.description,
        url,
        image: product.logo_url,
        applicationCategory: niche?.name ?? null,
        pricing: product.pricing,
      }),
    ),
    jsonLd(
      breadcrumbListLd([
        { name: "Home", url: `${appUrl}/` },
        ...(niche ? [{ name: niche.name, url: `${appUrl}/niche/${niche.slug}` }] : []),
        { name: product.product_name, url },
      ]),
    ),
  ];
}

export function meta({ data }: Route.MetaArgs) {
  return data?.meta ?? [];
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, similar, outbound, appUrl, upvoters } = loaderData;
  const niche = product.niches[0];
  const description = descriptionWithoutTagline(product.description_html, product.tagline);
  const headline = shownHeadline(product.headline, product.tagline);
  useViewBeacon(product.id);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <article className="flex min-w-0 flex-col gap-6">
        <Breadcrumbs
          items={[
            { name: "Home", href: "/" },
            ...(niche ? [{ name: niche.name, href: `/niche/${niche.slug}` }] : []),
            { name: product.product_name },
          ]}
        />
        <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <CatalogProductLogo name={product.product_name} src={product.logo_url} size={72} />
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-bold break-words sm:text-3xl">{product.product_name}</h1>
            {headline ? <p className="mt-1 font-medium break-words">{headline}</p> : null}
            {product.tagline ? <p className="mt-1 break-words text-muted-foreground">{product.tagline}</p> : null}
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <PricingBadge pricing={product.pricing} />
              {product.tags.map((tag) => (
                <TagLink key={tag} tag={tag} />
              ))}
            </div>
          </div>
          <UpvoteButton productId={product.id} productName={product.product_name} upvotes={loaderData.viewer?.upvotes ?? product.upvotes} upvoted={loaderData.viewer?.upvoted} className="self-start" />
        </header>
        <ProductActions
          product={product}
          outbound={outbound}
          pageUrl={`${appUrl}/resources/${product.slug}`}
          save={<SaveButton productId={product.id} bookmarked={loaderData.viewer?.bookmarked} bookmarks={loaderData.viewer?.bookmarks ?? product.bookmarks} />}
        />
        {loaderData.submitterStats ? <StatsRow stats={loaderData.submitterStats} /> : null}
        {product.video_url ? <VideoEmbed url={product.video_url} title={product.product_name} /> : null}
        {description ? (
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="mb-2 text-lg font-semibold break-words">
              About {product.product_name}
            </h2>
            <div
              className="prose-sm flex flex-col gap-3 leading-relaxed break-words [&_a]:text-primary [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
              dangerouslySetInnerHTML={{ __html: description }}
            />
          </section>
        ) : null}
        {product.maker_comment ? (
          <section aria-labelledby="maker-comment-heading" className="rounded-xl border bg-muted/40 p-4">
            <h2 id="maker-comment-heading" className="mb-1 font-semibold">
              From the maker
            </h2>
            <p className="whitespace-pre-line text-sm">{product.maker_comment}</p>
          </section>
        ) : null}
        <FeedbackSection productId={product.id} productName={product.product_name} feedback={loaderData.feedback} />
        {similar.length ? (
          <section aria-labelledby="similar-heading">
            <h2 id="similar-heading" className="mb-3 text-lg font-semibold break-words">
              Similar to {product.product_name}
            </h2>
            <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:grid-cols-1">
              {similar.map((p) => (
                <li key={p.id}>
                  <ProductCard product={p} actions={cardEngagement(p)} />
                </li>
              ))}
            </ul>
            <PageLink to={`/alternatives/${product.slug}`} className="mt-3 inline-block text-sm font-medium hover:underline">
              All alternatives to {product.product_name}
            </PageLink>
          </section>
        ) : null}
      </article>
      <aside className="flex flex-col gap-4" aria-label="About the product">
        <ProductMakers product={product} viewerIsMaker={loaderData.viewerIsMaker} />
        <ProductUpvoters productId={product.id} users={upvoters} />
        <Spotlight products={loaderData.spotlight} />
      </aside>
    </div>
  );
}

/** The maker's headline (the wizard requires it), unless the tagline already says it. */
function shownHeadline(headline: string | null, tagline: string | null): string | null {
  const text = headline?.trim();
  if (!text) return null;
  const a = text.toLowerCase();
  const b = tagline?.trim().toLowerCase() ?? "";
  return b.startsWith(a) ? null : text;
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFoundTitle="Product Not Found" />;
}
