import { PageLink } from "~/components/ui/page-link";
import type { ListCard } from "~/domain/product-card";
import { ProductIdentity } from "~/domain/components/product-identity";
import { CatalogProductLogo } from "~/domain/components/product-monogram";

/** Advertised products: 4 on desktop, 3 under 768 px; an invitation to advertise when there are none. */
export function Spotlight({ products }: { products: ListCard[] }) {
  return (
    <section aria-labelledby="spotlight-heading" className="rounded-xl border bg-card p-4">
      <h2 id="spotlight-heading" className="mb-3 font-semibold">
        Spotlight
      </h2>
      {products.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Your product could be here. <PageLink to="/advertise" className="font-medium text-primary underline">Advertise</PageLink>
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {products.slice(0, 4).map((product, index) => (
            <li key={product.id} className={index === 3 ? "max-md:hidden" : undefined}>
              <PageLink to={`/resources/${product.slug}`} className="block rounded-md p-1 hover:bg-accent">
                <ProductIdentity product={product} />
              </PageLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The mobile Trending panel: the most upvoted products. */
export function TrendingPanel({ products }: { products: ListCard[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="trending-heading" className="rounded-xl border bg-card p-4 lg:hidden">
      <h2 id="trending-heading" className="mb-2 font-semibold">
        Trending
      </h2>
      <ol className="flex gap-2 overflow-x-auto pb-1">
        {products.slice(0, 10).map((product) => (
          <li key={product.id} className="shrink-0">
            <PageLink to={`/resources/${product.slug}`} className="flex items-center gap-2 rounded-full border px-3 py-1 text-sm hover:bg-accent">
              <CatalogProductLogo name={product.product_name} src={product.logo_url} size={20} className="rounded-full" decorative />
              {product.product_name}
            </PageLink>
          </li>
        ))}
      </ol>
    </section>
  );
}
