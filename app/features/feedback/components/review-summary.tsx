import { formatCount } from "~/lib/format";
import type { ReviewSummary as Summary } from "../feedback";
import { Stars } from "./stars";

/** Average to one decimal, number of reviews and the share of each rating (reviews only, not replies). */
export function ReviewSummary({ summary }: { summary: Summary }) {
  if (summary.count === 0 || summary.average === null) {
    return <p className="text-sm text-muted-foreground">No reviews yet. Be the first to share your experience.</p>;
  }
  const average = summary.average.toFixed(1);
  return (
    <div role="group" aria-label="Review summary" className="flex flex-col gap-4 sm:flex-row sm:items-center sm:gap-8">
      <div className="flex flex-col items-start gap-1">
        <p>
          <span className="text-3xl font-bold" data-testid="review-average">
            {average}
          </span>{" "}
          <span className="text-sm text-muted-foreground">out of 5</span>
        </p>
        <Stars value={summary.average} label={`Average rating ${average} out of 5`} />
        <p className="text-sm text-muted-foreground" data-testid="review-count">
          {summary.count === 1 ? "1 review" : `${formatCount(summary.count)} reviews`}
        </p>
      </div>
      <ul className="flex w-full max-w-xs flex-col gap-1 text-sm" aria-label="Ratings distribution">
        {summary.distribution.map(({ rating, percent, count }) => (
          <li key={rating} className="flex items-center gap-2">
            <span className="w-14 shrink-0">{rating === 1 ? "1 star" : `${rating} stars`}</span>
            <span aria-hidden className="h-2 flex-1 overflow-hidden rounded-full bg-muted">
              <span className="block h-full rounded-full bg-amber-400" style={{ width: `${percent}%` }} />
            </span>
            <span className="w-10 shrink-0 text-right tabular-nums" title={`${count} ${count === 1 ? "review" : "reviews"}`}>
              {percent}%
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
