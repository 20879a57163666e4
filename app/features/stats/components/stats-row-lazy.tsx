import { lazy, Suspense } from "react";
import type { SubmitterStats } from "../stats";

// Only a product's submitter sees the row: everyone else's page does not load its code.
const StatsRowImpl = lazy(() => import("./stats-row").then((m) => ({ default: m.StatsRow })));

export function StatsRow({ stats }: { stats: SubmitterStats }) {
  return (
    <Suspense fallback={null}>
      <StatsRowImpl stats={stats} />
    </Suspense>
  );
}
