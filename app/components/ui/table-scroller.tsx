import type { ReactNode } from "react";
import { cn } from "./cn";

/**
 * The horizontal scroller around a table wider than a phone (decision 066). It is:
 * - the containing block (`relative`) of what it holds, so the screen-reader-only labels inside the
 *   table (absolutely positioned) are clipped with it instead of stretching the page sideways;
 * - a named, focusable region, so a keyboard user can scroll it with the arrow keys and a screen
 *   reader announces what it holds;
 * - outlined while focused from the keyboard.
 */
export function TableScroller({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn("relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring", className)}
    >
      {children}
    </div>
  );
}
