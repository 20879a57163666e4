import { memo, useEffect, useRef, useState, type ReactNode } from "react";
import { HydrateOnSight } from "~/components/hydrate-on-sight";
import { Button } from "~/components/ui/button";
import type { ListCard as Card, ListCardPage, ProductPage } from "~/domain/product-card";
import { ProductCard } from "./product-card";

/** What a page puts in each card's corner (engagement's buttons, composed in the route module). */
export type CardActions = (card: Card) => ReactNode;

/**
 * A server-rendered first page and a Load More button that asks the read API for the next one.
 * `query` is the API's filter (niche, subcategory, tag); `max` caps the total shown.
 */
export function ProductList({
  initial,
  query,
  pageSize = 20,
  max,
  emptyMessage = "No products found in this category.",
  cardActions,
}: {
  initial: ListCardPage;
  query: Record<string, string>;
  pageSize?: number;
  max?: number;
  emptyMessage?: string;
  cardActions?: CardActions;
}) {
  const [items, setItems] = useState<Card[]>(initial.items);
  const [cursor, setCursor] = useState<string | null>(initial.nextCursor);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [loadedMore, setLoadedMore] = useState(false);
  // Bumped when the list changes under us (another page), so a late answer is dropped.
  const generation = useRef(0);

  useEffect(() => {
    generation.current += 1;
    setItems(initial.items);
    setCursor(initial.nextCursor);
    setLoading(false);
    setFailed(false);
    setLoadedMore(false);
  }, [initial]);

  if (items.length === 0) return <p className="rounded-lg border p-8 text-center text-muted-foreground">{emptyMessage}</p>;

  const reachedMax = max !== undefined && items.length >= max;
  const canLoadMore = !!cursor && !reachedMax;
  // A plain fetch, not a fetcher: a failed page must show the inline message, not replace the whole
  // page with the route's error boundary.
  const loadMore = async () => {
    if (!cursor || loading) return;
    const current = generation.current;
    const limit = max !== undefined ? Math.min(pageSize, max - items.length) : pageSize;
    const params = new URLSearchParams({ ...query, cursor, limit: String(limit) });
    setLoading(true);
    try {
      const response = await fetch(`/api/v1/products?${params}`, { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const result = (await response.json()) as ProductPage;
      if (current !== generation.current) return;
      setItems((shown) => {
        const seen = new Set(shown.map((p) => p.id));
        return [...shown, ...result.items.filter((p) => !seen.has(p.id))];
      });
      setCursor(result.nextCursor);
      setFailed(false);
      setLoadedMore(true);
    } catch {
      if (current === generation.current) setFailed(true);
    } finally {
      if (current === generation.current) setLoading(false);
    }
  };

  return (
    <div>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:grid-cols-1" aria-label="Products">
        {items.map((product) => (
          <ProductListItem key={product.id} product={product} cardActions={cardActions} />
        ))}
      </ul>
      <div className="mt-6 flex flex-col items-center gap-2" aria-live="polite">
        {failed ? <p className="text-sm text-destructive">Error loading products. Please try again later.</p> : null}
        {canLoadMore ? (
          <Button variant="outline" onClick={() => void loadMore()} disabled={loading}>
            {loading ? "Loading..." : "Load More"}
          </Button>
        ) : loadedMore ? (
          <p className="text-sm text-muted-foreground">All products loaded</p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A card in a list, hydrated when it is about to be seen (decision 068). Memoised on the card and
 * the page's (module-level) actions: a list that re-renders (Load More) leaves the cards still
 * waiting to hydrate as they are.
 */
const ProductListItem = memo(function ProductListItem({ product, cardActions }: { product: Card; cardActions?: CardActions }) {
  return (
    <HydrateOnSight as="li">
      <ProductCard product={product} actions={cardActions?.(product)} />
    </HydrateOnSight>
  );
});
