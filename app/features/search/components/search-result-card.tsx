import type { ReactNode } from "react";
import { PageLink } from "~/components/ui/page-link";
import { GlobeIcon } from "lucide-react";
import { CardTags } from "~/domain/components/card-tags";
import { ProductLogo } from "~/domain/components/product-logo";
import { textWithoutTagline } from "~/domain/description";
import type { ProductCard } from "~/domain/product-card";
import { stripHtml } from "~/lib/text";

/** The website as a visitor reads it: host and path, without the scheme, `www.` or a trailing slash. */
export function displayWebsite(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
    const path = parsed.pathname === "/" ? "" : parsed.pathname.replace(/\/+$/, "");
    return `${parsed.hostname.replace(/^www\./, "")}${path}`;
  } catch {
    return null;
  }
}

/**
 * A search result as the spec lists it: title, tagline, description, logo, website, upvotes (the
 * page's `actions`) and tags.
 */
export function SearchResultCard({ product, actions }: { product: ProductCard; actions?: ReactNode }) {
  const website = displayWebsite(product.website_url);
  const description = textWithoutTagline(stripHtml(product.description), product.tagline);
  return (
    <article className="relative flex gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm transition-shadow hover:shadow-md">
      <ProductLogo name={product.product_name} src={product.logo_url} />
      <div className="min-w-0 flex-1">
        <h2 className="text-base font-semibold break-words">
          <PageLink to={`/resources/${product.slug}`} className="after:absolute after:inset-0 hover:underline" prefetch="intent">
            {product.product_name}
          </PageLink>
        </h2>
        {product.tagline ? <p className="text-sm text-muted-foreground">{product.tagline}</p> : null}
        {description ? <p className="mt-1 line-clamp-2 text-sm">{description}</p> : null}
        {website ? (
          <p className="mt-1 flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
            <GlobeIcon aria-hidden className="size-3.5 shrink-0" />
            <span className="sr-only">Website: </span>
            <span className="truncate">{website}</span>
          </p>
        ) : null}
        <CardTags product={product} />
      </div>
      {actions ? <div className="relative z-10 flex flex-col items-center gap-1.5 self-start">{actions}</div> : null}
    </article>
  );
}
