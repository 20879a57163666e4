import { ChevronDownIcon, type LucideIcon, MenuIcon, SearchIcon } from "lucide-react";
import { type ComponentProps, lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { useSessionUser, useSiteEnv } from "~/domain/root-data";
import { BrandMark } from "./brand-mark";
import { deferredPart, ssrPart } from "./deferred-part";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu as UserMenuNow } from "./user-menu";
import { Button } from "./ui/button";
import { cn } from "./ui/cn";
import { PageLink } from "./ui/page-link";
import { Dialog, DialogTrigger } from "./ui/dialog";
import { Menu, MenuItem } from "./ui/menu";

// The dialogs' insides load when one first opens (or the pointer heads for its button).
const loadPanels = () => import("./site-header-panels");
const SearchPanel = lazy(() => loadPanels().then((m) => ({ default: m.SearchPanel })));
const FeedbackPanel = lazy(() => loadPanels().then((m) => ({ default: m.FeedbackPanel })));
const MobileMenuPanel = lazy(() => loadPanels().then((m) => ({ default: m.MobileMenuPanel })));
const preload = { onPointerEnter: () => void loadPanels(), onFocus: () => void loadPanels() };
// Only signed-in visitors have the account menu: the server renders it, its code loads after the page's.
const UserMenu = import.meta.env.SSR ? ssrPart(UserMenuNow) : deferredPart(() => import("./user-menu").then((m) => m.UserMenu));

const SUBMIT_LINKS = [
  { label: "Suggest Tools", to: "/submit" },
  { label: "List My Product", to: "/my-products" },
] as const;

const navItem = "inline-flex h-9 items-center gap-1 whitespace-nowrap rounded-md px-2 lg:px-3 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground";
const navLinkClass = (isActive: boolean) => cn(navItem, isActive ? "bg-accent text-accent-foreground" : "text-muted-foreground");

/**
 * A main menu entry, marked as the current page as NavLink would (`end`: only the path itself,
 * else the path and the pages below it). PageLinks, as every page renders the header (decision 060).
 */
function NavItem({ to, end = false, pathname, children }: { to: string; end?: boolean; pathname: string; children: ReactNode }) {
  const active = pathname === to || (!end && pathname.startsWith(`${to}/`));
  return (
    <PageLink to={to} className={navLinkClass(active)} aria-current={active ? "page" : undefined}>
      {children}
    </PageLink>
  );
}

export function SiteHeader() {
  const { SITE_NAME } = useSiteEnv();
  const user = useSessionUser();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const pathname = useLocation().pathname.toLowerCase();

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <PageLink to="/" className="mr-2 flex min-w-0 items-center gap-2 rounded-md text-lg font-bold">
          <BrandMark size={28} className="size-7 shrink-0" />
          <span className="truncate">{SITE_NAME}</span>
        </PageLink>
        <nav aria-label="Main" className="hidden shrink-0 items-center gap-0.5 md:flex lg:gap-1">
          <NavItem to="/" end pathname={pathname}>
            Home
          </NavItem>
          <NavItem to="/ai-tools" pathname={pathname}>
            All AI Tools
          </NavItem>
          <button type="button" className={cn(navItem, "text-muted-foreground")} onClick={() => setFeedbackOpen(true)} {...preload}>
            Feedback
          </button>
          <NavItem to="/advertise" pathname={pathname}>
            Advertise
          </NavItem>
          <Menu
            label="Submit"
            trigger={(props) => (
              <button {...props} className={cn(navItem, "text-muted-foreground data-[state=open]:bg-accent")}>
                Submit
                <ChevronDownIcon className="size-4" aria-hidden />
              </button>
            )}
          >
            {SUBMIT_LINKS.map((item) => (
              <MenuItem key={item.to} render={(props) => <Link to={item.to} {...props}>{item.label}</Link>} />
            ))}
          </Menu>
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-1">
          <SearchDialog />
          <ThemeToggle />
          {user ? (
            <UserMenu user={user} className="ml-1" />
          ) : (
            <Button asChild size="sm" className="ml-1 hidden md:inline-flex">
              <Link to="/auth">Sign in</Link>
            </Button>
          )}
          <MobileMenu onFeedback={() => setFeedbackOpen(true)} signedIn={!!user} />
        </div>
      </div>
      <FeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />
    </header>
  );
}

/** The header's icon-only buttons; an `asChild` trigger passes its props (and ref) through. */
function IconButton({ icon: Icon, ...props }: ComponentProps<typeof Button> & { icon: LucideIcon; "aria-label": string }) {
  return (
    <Button variant="ghost" size="icon" {...props} {...preload}>
      <Icon aria-hidden />
    </Button>
  );
}

function SearchDialog() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key.toLowerCase() === "k" && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        setOpen(true);
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <LazyDialog open={open} onOpenChange={setOpen} trigger={<IconButton icon={SearchIcon} aria-label="Open search" title="Search (Ctrl+K)" />}>
      <SearchPanel onDone={() => setOpen(false)} />
    </LazyDialog>
  );
}

function FeedbackDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <LazyDialog open={open} onOpenChange={onOpenChange}>
      <FeedbackPanel />
    </LazyDialog>
  );
}

function MobileMenu({ onFeedback, signedIn }: { onFeedback: () => void; signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <LazyDialog open={open} onOpenChange={setOpen} trigger={<IconButton icon={MenuIcon} aria-label="Open menu" className="md:hidden" />}>
      <MobileMenuPanel onClose={() => setOpen(false)} onFeedback={onFeedback} signedIn={signedIn} submitLinks={SUBMIT_LINKS} />
    </LazyDialog>
  );
}

/** A header dialog whose panel (a lazy module) is rendered, and so loaded, only while it is open. */
function LazyDialog({ open, onOpenChange, trigger, children }: { open: boolean; onOpenChange: (open: boolean) => void; trigger?: ReactNode; children: ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      {open ? <Suspense fallback={null}>{children}</Suspense> : null}
    </Dialog>
  );
}
