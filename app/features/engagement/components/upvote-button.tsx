import { ChevronUp } from "lucide-react";
import { cn } from "~/components/ui/cn";
import { useEngagementToggle } from "../use-toggle";
import { ToggleForm } from "./toggle-form";

/**
 * The upvote toggle with its count, on product pages and cards. `upvoted` is the viewer's state
 * when the page knows it (a signed-in product page); without it the button asks after hydration.
 */
export function UpvoteButton({
  productId,
  productName,
  upvotes,
  upvoted,
  className,
}: {
  productId: number;
  productName: string;
  upvotes: number;
  upvoted?: boolean;
  className?: string;
}) {
  const state = useEngagementToggle({ kind: "upvote", productId, active: upvoted, count: upvotes });
  const count = state.count ?? upvotes;
  return (
    <ToggleForm toggle={state} message="Please sign in to upvote products.">
      <button
        aria-pressed={state.signedIn ? state.active : undefined}
        aria-label={`Upvote ${productName} (${count} upvotes)`}
        className={cn(
          "inline-flex min-w-12 flex-col items-center justify-center rounded-lg border px-2 py-1 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          state.active ? "border-primary bg-primary text-primary-foreground hover:bg-primary/90" : "hover:bg-accent",
          className,
        )}
      >
        <ChevronUp className="size-4" aria-hidden />
        <span>{count}</span>
      </button>
    </ToggleForm>
  );
}
