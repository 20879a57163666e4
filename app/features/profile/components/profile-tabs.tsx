import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { PROFILE_TABS, type ProfileTab } from "../profile";

/** The account sections as links (`?tab=`); the current one is marked with aria-current. */
export function ProfileTabs({ current }: { current: ProfileTab }) {
  return (
    <nav aria-label="Profile sections" className="rounded-lg border bg-card p-1">
      <ul className="grid grid-cols-2 gap-1 sm:grid-cols-4">
        {PROFILE_TABS.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                to={{ search: `?tab=${tab.id}` }}
                aria-current={active ? "page" : undefined}
                preventScrollReset
                className={cn(
                  "flex h-10 items-center justify-center rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
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
