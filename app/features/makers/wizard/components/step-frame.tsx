import { LoaderCircleIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** A step's heading and intro; the heading takes focus after a step change for screen readers. */
export function StepFrame({ title, intro, children }: { title: string; intro?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section aria-labelledby="wizard-step-heading" className="flex flex-col gap-6 rounded-lg border bg-card p-4 shadow-sm sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 id="wizard-step-heading" tabIndex={-1} className="text-xl font-semibold tracking-tight focus:outline-none">
          {title}
        </h2>
        {intro ? <div className="text-sm text-muted-foreground">{intro}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** Back / next row under a step. */
export function StepActions({ children }: { children: React.ReactNode }) {
  return <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-between">{children}</div>;
}

/** A step's Back (outline) or Next link. */
export function StepLink({ to, back = false, children }: { to: string; back?: boolean; children: React.ReactNode }) {
  return (
    <Button asChild variant={back ? "outline" : "default"}>
      <Link to={to}>{children}</Link>
    </Button>
  );
}

/** A step's save: the intent it posts, a spinner and `busyText` while it is under way. */
export function StepSubmit({ intent, busy, busyText = "Saving...", children }: { intent: string; busy: boolean; busyText?: string; children: React.ReactNode }) {
  return (
    <Button type="submit" name="intent" value={intent} disabled={busy}>
      {busy ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null}
      {busy ? busyText : children}
    </Button>
  );
}
