import { MinusIcon, PlusIcon } from "lucide-react";
import type { MouseEvent } from "react";
import { Button } from "~/components/ui/button";
import { MAX_MONTHS, MIN_MONTHS } from "../promotion";

const inBounds = (months: number) => Math.min(MAX_MONTHS, Math.max(MIN_MONTHS, months));

/**
 * The months a stepper button asked for without JavaScript: its form sent `?months=N&step=less|more`
 * to this page (decision 080). Anything else, or nothing, is one month.
 */
export function monthsFromSearch(params: URLSearchParams): number {
  const months = Number(params.get("months"));
  if (!Number.isInteger(months)) return MIN_MONTHS;
  const step = params.get("step");
  return inBounds(months + (step === "more" ? 1 : step === "less" ? -1 : 0));
}

/**
 * Promotion duration: one month less or more. With JavaScript the buttons change the count in place;
 * without it they submit their form as a GET with `step`, and the page comes back with the new count.
 */
export function MonthsStepper({ months, onChange, error }: { months: number; onChange: (months: number) => void; error?: string }) {
  const step = (by: number) => (event: MouseEvent) => {
    event.preventDefault();
    onChange(inBounds(months + by));
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">Promotion duration (months)</legend>
      <div className="flex items-center gap-2">
        <Button type="submit" formMethod="get" name="step" value="less" variant="outline" size="icon" aria-label="One month less" disabled={months <= MIN_MONTHS} onClick={step(-1)}>
          <MinusIcon aria-hidden />
        </Button>
        <output aria-live="polite" className="w-24 text-center text-lg font-semibold" data-testid="months">
          {months} {months === 1 ? "month" : "months"}
        </output>
        <Button type="submit" formMethod="get" name="step" value="more" variant="outline" size="icon" aria-label="One month more" disabled={months >= MAX_MONTHS} onClick={step(1)}>
          <PlusIcon aria-hidden />
        </Button>
      </div>
      <input type="hidden" name="months" value={months} />
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
