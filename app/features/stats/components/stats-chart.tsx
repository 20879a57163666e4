import { lazyFormat } from "~/lib/format";
import type { DailyPoint } from "../stats";

const dayFormat = lazyFormat(() => new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }));

function label(day: string) {
  return dayFormat().format(new Date(`${day}T00:00:00Z`));
}

/**
 * Views and click-outs per day as paired bars, with the numbers in a table for screen readers
 * and anyone who wants them.
 */
export function StatsChart({ series }: { series: DailyPoint[] }) {
  const width = 300;
  const height = 80;
  const max = Math.max(1, ...series.map((p) => Math.max(p.views, p.clicks)));
  const slot = width / Math.max(1, series.length);
  const bar = Math.max(1, slot / 2 - 1);
  const totalViews = series.reduce((n, p) => n + p.views, 0);
  const totalClicks = series.reduce((n, p) => n + p.clicks, 0);
  const first = series[0];
  const last = series.at(-1);
  const summary =
    first && last
      ? `Last ${series.length} days (${label(first.day)} to ${label(last.day)}): ${totalViews} views and ${totalClicks} click-outs.`
      : "No data yet.";
  return (
    <figure className="flex flex-col gap-2">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary} className="h-20 w-full" preserveAspectRatio="none">
        <line x1={0} y1={height - 0.5} x2={width} y2={height - 0.5} className="stroke-border" strokeWidth={1} />
        {series.map((p, i) => {
          const x = i * slot;
          const viewHeight = (p.views / max) * (height - 2);
          const clickHeight = (p.clicks / max) * (height - 2);
          return (
            <g key={p.day}>
              <rect x={x} y={height - viewHeight} width={bar} height={viewHeight} className="fill-primary" />
              <rect x={x + bar} y={height - clickHeight} width={bar} height={clickHeight} className="fill-amber-500" />
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="size-2.5 rounded-sm bg-primary" /> Views
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="size-2.5 rounded-sm bg-amber-500" /> Click-outs
        </span>
        <span>Last {series.length} days</span>
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-xs text-muted-foreground">Daily numbers</summary>
        <div className="mt-2">
          <table className="w-full text-left text-xs tabular-nums">
            <caption className="sr-only">Views and click-outs per day</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-2 font-medium">Day</th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">Views</th>
                <th scope="col" className="py-1 text-right font-medium">Click-outs</th>
              </tr>
            </thead>
            <tbody>
              {[...series].reverse().map((p) => (
                <tr key={p.day} className="border-t">
                  <th scope="row" className="py-1 pr-2 font-normal">
                    <time dateTime={p.day}>{label(p.day)}</time>
                  </th>
                  <td className="py-1 pr-2 text-right">{p.views}</td>
                  <td className="py-1 text-right">{p.clicks}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
