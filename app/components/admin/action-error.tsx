import { useEffect } from "react";
import { useActionData } from "react-router";
import { notify } from "~/components/toaster";
import { cn } from "~/components/ui/cn";

/** The refusal an admin action answered (`{ error }` with 400/403/404), shown once as a toast. */
export function useActionError(): string | null {
  const answer = useActionData() as { error?: string } | undefined;
  const error = answer?.error ?? null;
  useEffect(() => {
    if (error) notify.error(error);
  }, [answer, error]);
  return error;
}

/** The same refusal as text beside the table, so it stays on the page after the toast. */
export function ActionErrorNote({ error, className }: { error: string | null; className?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className={cn("rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:text-red-300", className)}>
      {error}
    </p>
  );
}
