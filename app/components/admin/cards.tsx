import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";

/** The admin card: a bordered panel on the card colour. */
export const cardClass = "rounded-lg border bg-card p-4 shadow-sm";

/** A card section with its heading (the section is named by it). */
export function Card({ id, title, className, children }: { id: string; title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cn(cardClass, className)}>
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Figures as cards: a description list, one card a figure (label, then the value). */
export function StatCards({ items, className, valueClassName = "text-2xl font-semibold" }: { items: readonly { label: string; value: string }[]; className?: string; valueClassName?: string }) {
  return (
    <dl className={cn("grid gap-3", className)}>
      {items.map((item) => (
        <div key={item.label} className={cardClass}>
          <dt className="text-sm text-muted-foreground">{item.label}</dt>
          <dd className={cn("mt-1 tabular-nums", valueClassName)}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A small rounded label (a status, a role). */
export function Badge({ className, children }: { className?: string; children: string }) {
  return <span className={cn("inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap", className)}>{children}</span>;
}
