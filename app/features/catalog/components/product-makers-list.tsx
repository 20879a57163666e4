import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import type { ProductDetail } from "../queries/product.server";

/** Creator and makers (or Unclaimed) with Claim this product, which the product's own makers are not offered. */
export function ProductMakersList({ product, viewerIsMaker = false }: { product: ProductDetail; viewerIsMaker?: boolean }) {
  const claimPath = `/claim-product?product=${encodeURIComponent(product.slug)}`;
  const reportPath = `/report-product?product=${encodeURIComponent(product.slug)}`;
  return (
    <section aria-labelledby="makers-heading" className="rounded-xl border p-4">
      <h2 id="makers-heading" className="mb-2 font-semibold">
        Creator
      </h2>
      {product.makers.length === 0 ? (
        <p className="text-sm text-muted-foreground">Unclaimed</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {product.makers.map((maker) => (
            <li key={maker.id} className="flex items-center gap-2 text-sm">
              <Avatar name={maker.username} src={maker.avatar_url} />
              <span>
                <span className="font-medium">{maker.username ?? "Anonymous"}</span>
                {maker.career ? <span className="block text-xs text-muted-foreground">{maker.career}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      {viewerIsMaker ? null : (
        <Button asChild variant="link" className="mt-2 h-auto px-0">
          <Link to={`/auth?redirectTo=${encodeURIComponent(claimPath)}`}>Claim this product</Link>
        </Button>
      )}
      <Link to={`/auth?redirectTo=${encodeURIComponent(reportPath)}`} className="mt-1 block text-xs text-muted-foreground underline-offset-2 hover:underline">
        Report this listing
      </Link>
    </section>
  );
}
