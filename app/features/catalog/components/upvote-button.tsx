import { ChevronUp } from "lucide-react";
import { useState } from "react";
import { cn } from "~/components/ui/cn";
import { AuthRequiredDialog } from "./auth-required-dialog";

/** Shows the count; signed-out visitors are asked to sign in (the signed-in toggle comes with accounts). */
export function UpvoteButton({ productName, upvotes, className }: { productName: string; upvotes: number; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Upvote ${productName} (${upvotes} upvotes)`}
        className={cn(
          "inline-flex min-w-12 flex-col items-center justify-center rounded-lg border px-2 py-1 text-sm font-semibold hover:bg-accent",
          className,
        )}
      >
        <ChevronUp className="size-4" aria-hidden />
        <span>{upvotes}</span>
      </button>
      <AuthRequiredDialog open={open} onOpenChange={setOpen} message="Please sign in to upvote products." />
    </>
  );
}
