import { ClipboardCheckIcon, FlagIcon, FileUpIcon, FolderTreeIcon, HistoryIcon, InboxIcon, LightbulbIcon, ListTreeIcon, MessageSquareIcon, ReceiptIcon, UsersIcon, LayoutDashboardIcon, LogOutIcon, MegaphoneIcon, PackageIcon, PanelLeftCloseIcon, PanelLeftOpenIcon, SparklesIcon } from "lucide-react";
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { ThemeToggle } from "~/components/theme-toggle";
import { cn } from "~/components/ui/cn";

/** The admin pages in the side navigation (more join as they are built). */
export const ADMIN_NAV: { label: string; to: string; icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }> }[] = [
  { label: "Dashboard", to: "/admin/dashboard", icon: LayoutDashboardIcon },
  { label: "Manage Products", to: "/admin/products", icon: PackageIcon },
  { label: "Submissions", to: "/admin/submissions", icon: InboxIcon },
  { label: "Suggestions", to: "/admin/suggestions", icon: LightbulbIcon },
  { label: "Moderation", to: "/admin/moderation", icon: ClipboardCheckIcon },
  { label: "CSV Imports", to: "/admin/imports", icon: FileUpIcon },
  { label: "Trending Ads", to: "/admin/trending-ads", icon: MegaphoneIcon },
  { label: "Orders", to: "/admin/orders", icon: ReceiptIcon },
  { label: "Manage Users", to: "/admin/users", icon: UsersIcon },
  { label: "Manage Niches", to: "/admin/niches", icon: FolderTreeIcon },
  { label: "Parent Subcategories", to: "/admin/parent-subcategories", icon: ListTreeIcon },
  { label: "Feedback Reports", to: "/admin/feedback-reports", icon: MessageSquareIcon },
  { label: "Reports", to: "/admin/reports", icon: FlagIcon },
  { label: "Audit Log", to: "/admin/audit", icon: HistoryIcon },
  { label: "AI Engine", to: "/admin/my-ai-engine", icon: SparklesIcon },
];

/** Whether `to` is the page at `pathname` or one of its sub-pages; the dashboard is also /admin itself. */
export function isCurrentAdminPage(to: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (to === "/admin/dashboard" && path === "/admin") return true;
  return path === to || path.startsWith(`${to}/`);
}

/**
 * Admin layout: a top bar and a collapsible side navigation (icons only when collapsed on wide
 * screens) with the Logout button. Under 768 px the navigation is a drawer: opening it moves the
 * keyboard into it and makes the page behind inert, Escape closes it and gives the focus back to
 * the toggle, and following a link closes it.
 */
export function AdminShell({
  siteName,
  email,
  counts = {},
  children,
}: {
  siteName: string;
  email: string;
  /** What waits for an admin on a page (its path: how many), shown beside its name when not 0. */
  counts?: Record<string, number>;
  children: ReactNode;
}) {
  // Wide screens start expanded; narrow screens start with the navigation hidden.
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const [path, setPath] = useState(location.pathname);
  if (path !== location.pathname) {
    setPath(location.pathname);
    setMobileOpen(false);
  }
  const loggingOut = useNavigation().formAction === "/admin";
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);

  // Known after hydration; the server renders the wide layout's state.
  const [wide, setWide] = useState<boolean | null>(null);
  useEffect(() => {
    const query = window.matchMedia("(min-width: 768px)");
    const update = () => {
      setWide(query.matches);
      // The drawer does not outlive a narrow screen.
      if (query.matches) setMobileOpen(false);
    };
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  const drawerOpen = wide === false && mobileOpen;
  useEffect(() => {
    if (!drawerOpen) return;
    navRef.current?.querySelector<HTMLElement>("a[href]")?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setMobileOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [drawerOpen]);

  const toggle = () => {
    if (wide === false) setMobileOpen((o) => !o);
    else setCollapsed((c) => !c);
  };
  const expanded = wide === false ? mobileOpen : !collapsed;

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background px-3">
        <button
          ref={toggleRef}
          type="button"
          onClick={toggle}
          aria-controls="admin-nav"
          aria-expanded={expanded}
          aria-label="Toggle navigation"
          className="inline-flex size-9 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
        >
          {!expanded ? <PanelLeftOpenIcon className="size-5" aria-hidden /> : <PanelLeftCloseIcon className="size-5" aria-hidden />}
        </button>
        <Link to="/admin/dashboard" className="flex min-w-0 items-center gap-2 rounded-md font-semibold">
          <img src="/favicon.svg" alt="" width={24} height={24} className="size-6 shrink-0" />
          <span className="truncate">{siteName} Admin</span>
        </Link>
        <div className="ml-auto flex items-center gap-1">
          <span className="hidden max-w-56 truncate text-sm text-muted-foreground sm:inline">{email}</span>
          <Link to="/" className="rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground hover:bg-accent hover:text-accent-foreground">
            View site
          </Link>
          <ThemeToggle />
        </div>
      </header>
      <div className="flex flex-1">
        <aside
          id="admin-nav"
          className={cn(
            "shrink-0 flex-col border-r bg-muted/30 md:flex",
            mobileOpen ? "fixed inset-x-0 top-14 bottom-0 z-30 flex overflow-y-auto bg-background md:static md:bg-muted/30" : "hidden",
            collapsed ? "md:w-16" : "md:w-56",
          )}
        >
          <nav ref={navRef} aria-label="Admin" className="flex flex-1 flex-col gap-1 p-2">
            {ADMIN_NAV.map(({ label, to, icon: Icon }) => {
              const current = isCurrentAdminPage(to, location.pathname);
              return (
                <Link
                  key={to}
                  to={to}
                  aria-current={current ? "page" : undefined}
                  title={collapsed ? label : undefined}
                  className={cn(
                    "flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring",
                    current ? "bg-accent text-accent-foreground" : "text-muted-foreground",
                  )}
                >
                  <Icon className="size-4 shrink-0" aria-hidden />
                  <span className={cn(collapsed && "md:sr-only")}>{label}</span>
                  {counts[to] ? (
                    <span className={cn("ml-auto rounded-full bg-primary px-1.5 text-xs text-primary-foreground tabular-nums", collapsed && "md:sr-only")}>
                      <span className="sr-only">, </span>
                      {counts[to]}
                      <span className="sr-only"> waiting</span>
                    </span>
                  ) : null}
                </Link>
              );
            })}
          </nav>
          <Form method="post" action="/admin" className="border-t p-2">
            <button
              type="submit"
              name="intent"
              value="logout"
              disabled={loggingOut}
              title={collapsed ? "Logout" : undefined}
              className="flex h-10 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
            >
              <LogOutIcon className="size-4 shrink-0" aria-hidden />
              <span className={cn(collapsed && "md:sr-only")}>Logout</span>
            </button>
          </Form>
        </aside>
        <main id="admin-main" tabIndex={-1} inert={drawerOpen} className="min-w-0 flex-1 p-4 focus:outline-none md:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}
