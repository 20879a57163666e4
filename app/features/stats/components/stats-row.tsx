import { STATS_COUNTING_NOTE } from "~/domain/stats-note";
import { formatCount } from "~/lib/format";
import { StatsChart } from "./stats-chart";
import type { SubmitterStats } from "../stats";

/** The submitter's stats row on their own product page: real counts, never sample numbers. */
export function StatsRow({ stats }: { stats: SubmitterStats }) {
  const items = [
    { name: "Views", value: stats.views, hint: "Page views, one per visitor and day" },
    { name: "Usages", value: stats.usages, hint: "Visit Website click-outs" },
    { name: "Users", value: stats.users, hint: "Distinct visitors who clicked out" },
    { name: "Saves", value: stats.saves, hint: "Users who saved the product" },
    { name: "Comments", value: stats.comments, hint: "Reviews and replies" },
  ];
  return (
    <section aria-labelledby="stats-heading" className="flex flex-col gap-3 rounded-xl border bg-muted/30 p-4">
      <h2 id="stats-heading" className="font-semibold">
        Your product's statistics
      </h2>
      <p className="text-sm text-muted-foreground">{STATS_COUNTING_NOTE}</p>
      <dl className="grid grid-cols-3 gap-3 sm:grid-cols-5">
        {items.map((item) => (
          <div key={item.name} className="flex flex-col" title={item.hint}>
            <dt className="text-xs text-muted-foreground">{item.name}</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatCount(item.value)}</dd>
          </div>
        ))}
      </dl>
      <StatsChart series={stats.series} />
    </section>
  );
}
