import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";

/** A tab's classes: the link tabs here and the in-form tabs (role="tab") of the product form. */
export function tabClass(active: boolean, activeClass = "bg-primary text-primary-foreground"): string {
  return cn(
    "flex h-9 items-center justify-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:px-4",
    active ? activeClass : "text-muted-foreground hover:bg-accent hover:text-accent-foreground",
  );
}

export const tabListClass = "w-fit max-w-full overflow-x-auto rounded-lg border bg-card p-1";

/**
 * Tabs as links (`?tab=`), so reload, back and a shared link keep the tab and a click works
 * before hydration. A `<nav>` named `label`; the current tab has aria-current="page".
 */
export function LinkTabs<T extends string>({
  label,
  tabs,
  current,
  href,
}: {
  label: string;
  /** A label may carry more than text (a count, a word for screen readers). */
  tabs: readonly { id: T; label: ReactNode }[];
  current: T;
  /** The tab's address: a search string ("?tab=debug", "?" for the default tab) or a path. */
  href: (id: T) => string;
}) {
  return (
    <nav aria-label={label} className={tabListClass}>
      <ul className="flex gap-1">
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link to={href(tab.id)} aria-current={active ? "page" : undefined} preventScrollReset className={tabClass(active)}>
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
