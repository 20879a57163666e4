import { TableScroller } from "~/components/ui/table-scroller";
import { ENGAGEMENT_METRICS, type DailyEngagement, type WeeklyProducts } from "../admin";
import { BarChart } from "./bar-chart";

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

function label(day: string) {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

function rangeOf(labels: string[]) {
  return labels.length ? `${labels[0]} to ${labels.at(-1)}` : "";
}

const CARD = "flex flex-col gap-4 rounded-lg border bg-card p-4 shadow-sm";
const TABLE = "w-full text-left text-xs tabular-nums";
const CELL = "py-1 pr-3";

/** A chart's figures as a table: one row a day (its date as the row header), one column a figure. */
function FiguresTable({ caption, first, columns, rows, className }: { caption: string; first: string; columns: readonly string[]; rows: readonly { day: string; values: readonly number[] }[]; className?: string }) {
  return (
    <table className={className ? `${TABLE} ${className}` : TABLE}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={`${CELL} font-medium`}>
            {first}
          </th>
          {columns.map((column) => (
            <th key={column} scope="col" className={`${CELL} text-right font-medium`}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.day} className="border-t">
            <th scope="row" className={`${CELL} font-normal whitespace-nowrap`}>
              <time dateTime={row.day}>{label(row.day)}</time>
            </th>
            {row.values.map((value, index) => (
              <td key={columns[index]} className={`${CELL} text-right`}>
                {value.toLocaleString("en-US")}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Products added in each of the last 12 weeks, as a chart and a table. */
export function ProductsPerWeekChart({ weeks }: { weeks: WeeklyProducts[] }) {
  const labels = weeks.map((w) => `week of ${label(w.week)}`);
  return (
    <section aria-labelledby="weekly-heading" className={CARD}>
      <h3 id="weekly-heading" className="font-semibold">
        Products added per week <span className="text-sm font-normal text-muted-foreground">(last {weeks.length} weeks)</span>
      </h3>
      <BarChart
        title="Products added"
        values={weeks.map((w) => w.products)}
        labels={labels}
        range={weeks.length ? `the week of ${label(weeks[0]!.week)} to this week` : ""}
        size="lg"
      />
      <details className="text-sm">
        <summary className="cursor-pointer text-xs text-muted-foreground">Show as table</summary>
        <FiguresTable
          className="mt-2"
          caption="Products added per week, newest first"
          first="Week of"
          columns={["Products added"]}
          rows={[...weeks].reverse().map((w) => ({ day: w.week, values: [w.products] }))}
        />
      </details>
    </section>
  );
}

/** Site-wide engagement per day over the last 30 days: one small chart per metric and one table. */
export function EngagementPerDayChart({ days }: { days: DailyEngagement[] }) {
  const labels = days.map((d) => label(d.day));
  const range = rangeOf(labels);
  return (
    <section aria-labelledby="engagement-heading" className={CARD}>
      <h3 id="engagement-heading" className="font-semibold">
        Engagement per day <span className="text-sm font-normal text-muted-foreground">(last {days.length} days, {range})</span>
      </h3>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-4 sm:gap-x-6 lg:grid-cols-3">
        {ENGAGEMENT_METRICS.map((metric) => (
          <li key={metric.key} className="min-w-0">
            <BarChart title={metric.label} values={days.map((d) => d[metric.key])} labels={labels} range={range} />
          </li>
        ))}
      </ul>
      <details className="text-sm">
        <summary className="cursor-pointer text-xs text-muted-foreground">Show as table</summary>
        <TableScroller label="Daily engagement figures" className="mt-2">
          <FiguresTable
            caption="Views, click-outs, upvotes, saves and reviews per day, newest first"
            first="Day"
            columns={ENGAGEMENT_METRICS.map((metric) => metric.label)}
            rows={[...days].reverse().map((d) => ({ day: d.day, values: ENGAGEMENT_METRICS.map((metric) => d[metric.key]) }))}
          />
        </TableScroller>
      </details>
    </section>
  );
}
