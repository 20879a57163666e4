import { ExternalLinkIcon } from "lucide-react";
import { cn } from "~/components/ui/cn";
import type { OwnProduct } from "./types";
import { formatAddedOn, productStatusBadge } from "~/domain/product-status";

/** Your Listed Products: the user's own submissions; only live ones have a public page to view. */
export function OwnProductsList({ products }: { products: OwnProduct[] }) {
  if (!products.length) return <p className="text-muted-foreground">No Products Found</p>;
  return (
    <ul className="divide-y">
      {products.map((product) => {
        const status = productStatusBadge(product.status);
        return (
          <li key={product.id} className="flex flex-wrap items-center gap-3 py-3">
            {product.logo_url ? (
              <img src={product.logo_url} alt="" className="size-10 shrink-0 rounded-md object-contain" loading="lazy" />
            ) : (
              <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-md bg-muted font-bold">
                {product.product_name.trim()[0]?.toUpperCase() ?? "?"}
              </span>
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{product.product_name}</p>
              <p className="text-sm text-muted-foreground">Added on {formatAddedOn(product.created_at)}</p>
            </div>
            <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-medium", status.className)}>{status.label}</span>
            {product.status === "live" ? (
              <a
                href={`/resources/${encodeURIComponent(product.slug)}`}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex h-9 items-center gap-1 rounded-md border border-input px-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                View<span className="sr-only"> {product.product_name} (opens in a new tab)</span>
                <ExternalLinkIcon aria-hidden className="size-4" />
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
