import type { ReactNode } from "react";
import { PageLink } from "~/components/ui/page-link";
import { CardTags } from "~/domain/components/card-tags";
import type { ListCard as Card } from "~/domain/product-card";
import { CatalogProductLogo } from "~/domain/components/product-monogram";

/** A product in a list. `actions` (the page's upvote and save buttons) sit in the card's corner. */
export function ProductCard({ product, actions }: { product: Card; actions?: ReactNode }) {
  return (
    <article className="relative flex gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm transition-shadow hover:shadow-md">
      <CatalogProductLogo name={product.product_name} src={product.logo_url} />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold">
          {/* The link is the block that truncates: an inline link inside a truncated heading runs on,
              unseen, under the card's buttons, and a touch there is ambiguous (axe's target-size). */}
          <PageLink to={`/resources/${product.slug}`} className="block truncate after:absolute after:inset-0 hover:underline" prefetch="intent">
            {product.product_name}
          </PageLink>
        </h3>
        {product.tagline ? <p className="line-clamp-2 text-sm text-muted-foreground">{product.tagline}</p> : null}
        <CardTags product={product} />
      </div>
      {actions ? <div className="relative z-10 flex flex-col items-center gap-1.5 self-start">{actions}</div> : null}
    </article>
  );
}
