import type { ReactNode } from "react";
import { Link } from "react-router";
import { PricingBadge } from "~/domain/components/pricing-badge";
import type { ProductCard as Card } from "~/domain/product-card";
import { tagLabel } from "~/domain/tag-label";
import { CatalogProductLogo } from "~/domain/components/product-monogram";

/** A product in a list. `actions` (the page's upvote and save buttons) sit in the card's corner. */
export function ProductCard({ product, actions }: { product: Card; actions?: ReactNode }) {
  return (
    <article className="relative flex gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm transition-shadow hover:shadow-md">
      <CatalogProductLogo name={product.product_name} src={product.logo_url} />
      <div className="min-w-0 flex-1">
        <h3 className="truncate font-semibold">
          <Link to={`/resources/${product.slug}`} className="after:absolute after:inset-0 hover:underline" prefetch="intent">
            {product.product_name}
          </Link>
        </h3>
        {product.tagline ? <p className="line-clamp-2 text-sm text-muted-foreground">{product.tagline}</p> : null}
        <div className="mt-2 flex flex-wrap items-center gap-1.5">
          <PricingBadge pricing={product.pricing} />
          {product.tags.slice(0, 3).map((tag) => (
            <Link
              key={tag}
              to={`/tag/${encodeURIComponent(tag)}`}
              className="relative z-10 rounded-full bg-secondary px-2 py-0.5 text-xs break-words text-secondary-foreground hover:underline"
            >
              {tagLabel(tag)}
            </Link>
          ))}
        </div>
      </div>
      {actions ? <div className="relative z-10 flex flex-col items-center gap-1.5 self-start">{actions}</div> : null}
    </article>
  );
}
