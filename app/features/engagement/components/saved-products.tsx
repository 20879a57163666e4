import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { notify } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { PricingBadge } from "~/domain/components/pricing-badge";
import { ProductLogo } from "~/domain/components/product-logo";
import type { ProductCard } from "~/domain/product-card";
import { MESSAGES, toggleFormPath } from "../engagement";
import { mergeEntry, sendToggle } from "../store";
import { PlainToggleForm } from "./toggle-form";

export type SavedProductItem = ProductCard & { saved_at: string };

/**
 * The profile's Saved tab (its heading is the page's): the user's saved products, most recent
 * first, each with Remove (a plain form too, for a page whose scripts never arrive).
 * Give it `savedProducts(user.id)` from `~/features/engagement/queries.server` in the loader.
 */
export function SavedProducts({ products }: { products: SavedProductItem[] }) {
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const shown = products.filter((p) => !removed.has(p.id));

  async function remove(product: SavedProductItem) {
    setRemoved((current) => new Set(current).add(product.id));
    const outcome = await sendToggle("bookmark", product.id, false);
    if (outcome.ok) {
      mergeEntry(product.id, { bookmarked: false, ...(outcome.body.bookmarks === undefined ? {} : { bookmarks: outcome.body.bookmarks }) });
      notify.success(MESSAGES.bookmarkRemoved);
      return;
    }
    setRemoved((current) => {
      const next = new Set(current);
      next.delete(product.id);
      return next;
    });
    notify.error(outcome.status === 429 && outcome.message ? outcome.message : MESSAGES.removeBookmarkFailed);
  }

  return (
    <div className="flex flex-col gap-4">
      {shown.length === 0 ? (
        <p className="text-muted-foreground">
          You haven't saved any products yet.{" "}
          <Link to="/" className="text-primary underline underline-offset-4">
            Browse resources
          </Link>
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {shown.map((product) => (
            <li key={product.id} className="flex items-start gap-3 rounded-xl border bg-card p-4 text-card-foreground">
              <ProductLogo name={product.product_name} src={product.logo_url} size={40} />
              <div className="min-w-0 flex-1">
                <h3 className="font-semibold break-words">
                  <Link to={`/resources/${product.slug}`} className="hover:underline">
                    {product.product_name}
                  </Link>
                </h3>
                {product.tagline ? <p className="line-clamp-2 text-sm text-muted-foreground">{product.tagline}</p> : null}
                <div className="mt-2">
                  <PricingBadge pricing={product.pricing} />
                </div>
              </div>
              <PlainToggleForm action={toggleFormPath("bookmark", product.id)} on={false} run={() => void remove(product)}>
                <Button type="submit" variant="ghost" size="icon" aria-label={`Remove ${product.product_name} from saved`} title="Remove">
                  <Trash2 aria-hidden />
                </Button>
              </PlainToggleForm>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
