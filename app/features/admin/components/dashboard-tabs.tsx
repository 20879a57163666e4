import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { DASHBOARD_TABS, type DashboardTab } from "../dashboard";

/** Overview and Debug Tools as links (`?tab=debug`), so reload, back and a shared link keep the tab. */
export function DashboardTabs({ current }: { current: DashboardTab }) {
  return (
    <nav aria-label="Dashboard sections" className="w-fit max-w-full rounded-lg border bg-card p-1">
      <ul className="flex gap-1">
        {DASHBOARD_TABS.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                to={{ search: tab.id === "overview" ? "" : `?tab=${tab.id}` }}
                aria-current={active ? "page" : undefined}
                preventScrollReset
                className={cn(
                  "flex h-9 items-center justify-center rounded-md px-4 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  active ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-accent hover:text-accent-foreground",
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
