import { ExternalLinkIcon } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import type { OwnProduct } from "../profile";
import { formatAddedOn, productStatusBadge } from "~/domain/product-status";

/** Your Listed Products: what /my-products lists; only live products have a public page to view. */
export function OwnProductsList({ products }: { products: OwnProduct[] }) {
  const manage = (
    <Link
      to="/my-products"
      className="text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      Manage in My Products
    </Link>
  );
  if (!products.length)
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-muted-foreground">No Products Found</p>
        {manage}
      </div>
    );
  return (
    <div className="flex flex-col items-start gap-2">
      <ul className="w-full divide-y">
        {products.map((product) => {
          const status = productStatusBadge(product.status);
          return (
            <li
              key={product.id}
              className="flex flex-wrap items-center gap-3 py-3"
            >
              {product.logo_url ? (
                <img
                  src={product.logo_url}
                  alt=""
                  className="size-10 shrink-0 rounded-md object-contain"
                  loading="lazy"
                />
              ) : (
                <span
                  aria-hidden
                  className="flex size-10 shrink-0 items-center justify-center rounded-md bg-muted font-bold"
                >
                  {product.product_name.trim()[0]?.toUpperCase() ?? "?"}
                </span>
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{product.product_name}</p>
                <p className="text-sm text-muted-foreground">
                  Added on {formatAddedOn(product.created_at)}
                </p>
              </div>
              <span
                className={cn(
                  "rounded-full px-2.5 py-0.5 text-xs font-medium",
                  status.className,
                )}
              >
                {status.label}
              </span>
              {product.type === "suggestion" ? (
                <span className="rounded-full border px-2.5 py-0.5 text-xs font-medium">
                  Suggestion
                </span>
              ) : null}
              {product.status === "live" && product.type === "product" ? (
                <a
                  href={`/resources/${encodeURIComponent(product.slug)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex h-9 items-center gap-1 rounded-md border border-input px-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  View
                  <span className="sr-only">
                    {" "}
                    {product.product_name} (opens in a new tab)
                  </span>
                  <ExternalLinkIcon aria-hidden className="size-4" />
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
      {manage}
    </div>
  );
}
