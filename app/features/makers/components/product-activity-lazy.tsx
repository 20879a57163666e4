import { lazy, Suspense } from "react";
import type { ComponentProps } from "react";

// The charts' code loads with My Products only, in its own chunk: no other page (the product page above all) carries it.
const ProductActivityChartsImpl = lazy(() => import("./product-activity").then((m) => ({ default: m.ProductActivityCharts })));

export function ProductActivityCharts(props: ComponentProps<typeof ProductActivityChartsImpl>) {
  return (
    <Suspense fallback={null}>
      <ProductActivityChartsImpl {...props} />
    </Suspense>
  );
}
