import { Star } from "lucide-react";
import { cn } from "~/components/ui/cn";

/** A read-only row of five stars, filled up to `value` rounded to whole stars. */
export function Stars({ value, label, className }: { value: number; label?: string; className?: string }) {
  const filled = Math.round(value);
  return (
    <span role="img" aria-label={label ?? `Rated ${value} out of 5`} className={cn("inline-flex items-center gap-0.5", className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn("size-4", n <= filled ? "fill-amber-400 text-amber-500" : "text-muted-foreground/60")}
        />
      ))}
    </span>
  );
}
