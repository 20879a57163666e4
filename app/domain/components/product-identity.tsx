import { cn } from "~/components/ui/cn";
import { ProductLogo } from "./product-logo";

interface Identity {
  product_name: string;
  tagline: string | null;
  logo_url: string | null;
}

/**
 * A product's logo beside its name and tagline: compact in lists (one line each, cut with an
 * ellipsis), large where the product is the page's subject (wrapping).
 */
export function ProductIdentity({ product, large = false }: { product: Identity; large?: boolean }) {
  return (
    <span className={cn("flex items-center", large ? "gap-4" : "gap-3")}>
      <ProductLogo name={product.product_name} src={product.logo_url} size={large ? 64 : 36} />
      <span className="min-w-0">
        <span className={cn("block", large ? "text-lg font-semibold break-words" : "truncate text-sm font-medium")}>{product.product_name}</span>
        {product.tagline ? (
          <span className={cn("block text-muted-foreground", large ? "text-sm break-words" : "truncate text-xs")}>{product.tagline}</span>
        ) : null}
      </span>
    </span>
  );
}
