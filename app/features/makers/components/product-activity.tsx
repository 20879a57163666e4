import { STATS_COUNTING_NOTE } from "~/domain/stats-note";
import { ACTIVITY_METRICS, type ProductActivity } from "../makers";

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

function label(day: string) {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

function sum(values: readonly number[]) {
  return values.reduce((n, value) => n + value, 0);
}

interface Props {
  name: string;
  days: string[];
  activity: ProductActivity;
}

/**
 * A product's last 30 days on its My Products card: one small bar chart per metric (hand-written
 * SVG, as the product page's stats chart: no charting library for four sparklines) and the same
 * numbers as a table behind "Show as table".
 */
export function ProductActivityCharts({ name, days, activity }: Props) {
  const range = days.length ? `${label(days[0]!)} to ${label(days.at(-1)!)}` : "";
  return (
    <div className="flex flex-col gap-2 border-t pt-3">
      <h3 className="text-sm font-medium">
        Last {days.length} days <span className="font-normal text-muted-foreground">({range})</span>
      </h3>
      <p className="text-xs text-muted-foreground">{STATS_COUNTING_NOTE}</p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {ACTIVITY_METRICS.map((metric) => (
          <li key={metric.key}>
            <MetricChart label={metric.label} values={activity[metric.key]} range={range} />
          </li>
        ))}
      </ul>
      <details className="text-sm">
        <summary className="cursor-pointer text-xs text-muted-foreground">Show as table</summary>
        <div className="mt-2">
          <ActivityTable name={name} days={days} activity={activity} />
        </div>
      </details>
    </div>
  );
}

function MetricChart({ label: metric, values, range }: { label: string; values: number[]; range: string }) {
  const width = 120;
  const height = 32;
  const max = Math.max(1, ...values);
  const slot = width / Math.max(1, values.length);
  const total = sum(values);
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="flex items-baseline justify-between gap-2 text-xs text-muted-foreground">
        <span>{metric}</span>
        <span className="text-base font-semibold text-foreground tabular-nums">{total.toLocaleString("en-US")}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`${metric}: ${total} from ${range}, at most ${Math.max(0, ...values)} on one day`}
        className="h-8 w-full"
        preserveAspectRatio="none"
      >
        <line x1={0} y1={height - 0.5} x2={width} y2={height - 0.5} className="stroke-border" strokeWidth={1} />
        {values.map((value, i) => {
          const barHeight = (value / max) * (height - 2);
          return <rect key={i} x={i * slot} y={height - barHeight} width={Math.max(1, slot - 1)} height={barHeight} className="fill-primary" />;
        })}
      </svg>
    </figure>
  );
}

function ActivityTable({ name, days, activity }: Props) {
  return (
    <table className="w-full text-left text-xs tabular-nums">
      <caption className="sr-only">Views, click-outs, upvotes and saves of {name} per day, newest first</caption>
      <thead>
        <tr>
          <th scope="col" className="py-1 pr-2 font-medium">
            Day
          </th>
          {ACTIVITY_METRICS.map((metric) => (
            <th key={metric.key} scope="col" className="py-1 pr-2 text-right font-medium">
              {metric.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {days
          .map((day, i) => ({ day, i }))
          .reverse()
          .map(({ day, i }) => (
            <tr key={day} className="border-t">
              <th scope="row" className="py-1 pr-2 font-normal">
                <time dateTime={day}>{label(day)}</time>
              </th>
              {ACTIVITY_METRICS.map((metric) => (
                <td key={metric.key} className="py-1 pr-2 text-right">
                  {activity[metric.key][i]}
                </td>
              ))}
            </tr>
          ))}
      </tbody>
    </table>
  );
}
