import { cn } from "~/components/ui/cn";

interface Props {
  /** What is counted, e.g. "Products added" or "Upvotes". */
  title: string;
  /** One bar per value, oldest first. */
  values: readonly number[];
  /** Each bar's name (a day, a week), same order as `values`. */
  labels: readonly string[];
  /** The whole range in words, e.g. "Mar 3 to Jun 1". */
  range: string;
  /** Taller for a chart on its own, shorter for small multiples. */
  size?: "lg" | "sm";
}

function sum(values: readonly number[]) {
  return values.reduce((n, value) => n + value, 0);
}

/**
 * A bar chart in hand-written SVG (decision 041, after 035): bars in the theme's primary colour on
 * a baseline, the scale and the first and last labels as HTML beside it so that they stay readable
 * at any width. The SVG is one image with a summary in words; each bar names its value on hover.
 * The figures themselves are in a table next to the chart.
 */
export function BarChart({ title, values, labels, range, size = "sm" }: Props) {
  const width = 300;
  const height = size === "lg" ? 120 : 60;
  const peak = Math.max(0, ...values);
  const max = Math.max(1, peak);
  const slot = width / Math.max(1, values.length);
  const gap = Math.min(2, slot / 4);
  const total = sum(values);
  const peakAt = values.indexOf(peak);
  const summary =
    `${title}: ${total.toLocaleString("en-US")} in total from ${range}` +
    (peak > 0 ? `, most on ${labels[peakAt]} (${peak.toLocaleString("en-US")})` : "");
  return (
    <figure className="flex min-w-0 flex-col gap-1.5">
      <figcaption className="flex items-baseline justify-between gap-2 text-sm text-muted-foreground">
        <span>{title}</span>
        <span className="text-lg font-semibold text-foreground tabular-nums">{total.toLocaleString("en-US")}</span>
      </figcaption>
      <div className="flex gap-2">
        <div aria-hidden className="flex w-6 shrink-0 flex-col justify-between text-right text-[0.7rem] leading-none text-muted-foreground tabular-nums">
          <span>{peak.toLocaleString("en-US")}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-label={summary}
          preserveAspectRatio="none"
          className={cn("w-full min-w-0 overflow-visible", size === "lg" ? "h-32" : "h-16")}
        >
          <line x1={0} y1={0.5} x2={width} y2={0.5} className="stroke-border" strokeWidth={1} strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
          <line x1={0} y1={height - 0.5} x2={width} y2={height - 0.5} className="stroke-border" strokeWidth={1} vectorEffect="non-scaling-stroke" />
          {values.map((value, i) => {
            const barHeight = (value / max) * (height - 2);
            return (
              <rect key={i} x={i * slot + gap / 2} y={height - barHeight} width={Math.max(1, slot - gap)} height={barHeight} className="fill-primary">
                <title>{`${labels[i]}: ${value.toLocaleString("en-US")}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <div aria-hidden className="flex justify-between pl-8 text-[0.7rem] text-muted-foreground">
        <span>{labels[0]}</span>
        <span>{labels.at(-1)}</span>
      </div>
    </figure>
  );
}
