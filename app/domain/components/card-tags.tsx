import { TagLink } from "~/components/tag-link";
import { PricingBadge } from "~/domain/components/pricing-badge";
import type { ProductCard } from "~/domain/product-card";

/** A card's pricing badge and first three tags, as words, each tag a link above the card's own link. */
export function CardTags({ product }: { product: Pick<ProductCard, "pricing" | "tags"> }) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1.5">
      <PricingBadge pricing={product.pricing} />
      {product.tags.slice(0, 3).map((tag) => (
        <TagLink key={tag} tag={tag} className="relative z-10" />
      ))}
    </div>
  );
}
