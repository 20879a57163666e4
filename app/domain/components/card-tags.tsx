import { Link } from "react-router";
import { PricingBadge } from "~/domain/components/pricing-badge";
import type { ProductCard } from "~/domain/product-card";
import { tagLabel } from "~/domain/tag-label";

/** A card's pricing badge and first three tags, as words, each tag a link above the card's own link. */
export function CardTags({ product }: { product: Pick<ProductCard, "pricing" | "tags"> }) {
  return (
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
  );
}
