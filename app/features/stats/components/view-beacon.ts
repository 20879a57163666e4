import { useEffect } from "react";

/**
 * Counts a view of the product page once it is interactive. Anonymous pages come from a cache
 * without running the loader, so the count cannot be taken there. A beacon never delays the
 * page and a lost one is simply not counted.
 */
export function useViewBeacon(productId: number) {
  useEffect(() => {
    try {
      navigator.sendBeacon?.(`/api/v1/products/${productId}/view`);
    } catch {
      /* counting must never disturb the visit */
    }
  }, [productId]);
}
