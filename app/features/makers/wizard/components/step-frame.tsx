import type * as React from "react";

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
