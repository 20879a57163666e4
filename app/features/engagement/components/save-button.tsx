import { Bookmark, BookmarkCheck } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { useEngagementToggle } from "../use-toggle";
import { ToggleForm } from "./toggle-form";

/**
 * Save (bookmark) and remove, with the spec's toasts; signed-out visitors are asked to sign in.
 * `compact` is the icon-only toggle on product cards.
 */
export function SaveButton({
  productId,
  productName,
  bookmarked,
  bookmarks,
  compact = false,
  className,
}: {
  productId: number;
  productName?: string;
  bookmarked?: boolean;
  bookmarks?: number;
  compact?: boolean;
  className?: string;
}) {
  const state = useEngagementToggle({ kind: "bookmark", productId, active: bookmarked, count: bookmarks });
  const Icon = state.active ? BookmarkCheck : Bookmark;
  return (
    <ToggleForm toggle={state} message="Please sign in to save products.">
      {compact ? (
        <button
          aria-pressed={state.signedIn ? state.active : undefined}
          aria-label={productName ? `Save ${productName}` : "Save"}
          title={state.active ? "Saved" : "Save"}
          className={cn(
            "inline-flex size-9 items-center justify-center rounded-lg border transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
            state.active && "border-primary text-primary",
            className,
          )}
        >
          <Icon className="size-4" aria-hidden fill={state.active ? "currentColor" : "none"} />
        </button>
      ) : (
        <Button type="submit" variant={state.active ? "secondary" : "outline"} className={className}>
          <Icon aria-hidden /> {state.active ? "Saved" : "Save"}
        </Button>
      )}
    </ToggleForm>
  );
}
