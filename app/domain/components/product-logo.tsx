import { CatalogProductLogo } from "./product-monogram";

/**
 * The product's stored logo, or its monogram (decision 050). Decorative: the name is always beside it.
 * `outside` keeps loading any address: only for a maker's own preview of a Logo URL they typed.
 */
export function ProductLogo({ outside, ...props }: { name: string; src: string | null; size?: number; className?: string; outside?: boolean }) {
  if (outside && props.src) return <CatalogProductLogo {...props} src={props.src} decorative allowOutside />;
  return <CatalogProductLogo {...props} decorative />;
}
