import { ChevronDownIcon, ExternalLinkIcon, type LucideIcon, MailIcon, MenuIcon, SearchIcon } from "lucide-react";
import { type ComponentProps, type FormEvent, useEffect, useState } from "react";
import { Link, NavLink, useNavigate } from "react-router";
import { useSessionUser, useSiteEnv } from "~/domain/root-data";
import { siteEmail } from "./site-footer";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./user-menu";
import { Button } from "./ui/button";
import { cn } from "./ui/cn";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "./ui/dialog";
import { Menu, MenuItem } from "./ui/menu";
import { Input } from "./ui/input";
import { Sheet, SheetContent, SheetHeader, SheetTitle, SheetTrigger } from "./ui/sheet";

const SUBMIT_LINKS = [
  { label: "Suggest Tools", to: "/submit" },
  { label: "List My Product", to: "/my-products" },
] as const;

const navItem = "inline-flex h-9 items-center gap-1 whitespace-nowrap rounded-md px-2 lg:px-3 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground";
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(navItem, isActive ? "bg-accent text-accent-foreground" : "text-muted-foreground");

export function SiteHeader() {
  const { SITE_NAME } = useSiteEnv();
  const user = useSessionUser();
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <Link to="/" className="mr-2 flex min-w-0 items-center gap-2 rounded-md text-lg font-bold">
          <img src="/favicon.svg" alt="" width={28} height={28} className="size-7 shrink-0" />
          <span className="truncate">{SITE_NAME}</span>
        </Link>
        <nav aria-label="Main" className="hidden shrink-0 items-center gap-0.5 md:flex lg:gap-1">
          <NavLink to="/" end className={navLinkClass}>
            Home
          </NavLink>
          <NavLink to="/ai-tools" className={navLinkClass}>
            All AI Tools
          </NavLink>
          <button type="button" className={cn(navItem, "text-muted-foreground")} onClick={() => setFeedbackOpen(true)}>
            Feedback
          </button>
          <NavLink to="/advertise" className={navLinkClass}>
            Advertise
          </NavLink>
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
    <Button variant="ghost" size="icon" {...props}>
      <Icon aria-hidden />
    </Button>
  );
}

function SearchDialog() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();

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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    if (!q) return;
    setOpen(false);
    void navigate(`/search?q=${encodeURIComponent(q)}`);
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <IconButton icon={SearchIcon} aria-label="Open search" title="Search (Ctrl+K)" />
      </DialogTrigger>
      <DialogContent className="top-[15%] translate-y-0">
        <DialogHeader>
          <DialogTitle>Search</DialogTitle>
          <DialogDescription>Find software tools, apps and communities by name, tagline or tag.</DialogDescription>
        </DialogHeader>
        <form role="search" action="/search" method="get" onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor="site-search-q" className="sr-only">
            Search products
          </label>
          <Input id="site-search-q" name="q" type="search" placeholder="Search products…" autoComplete="off" enterKeyHint="search" />
          <Button type="submit">Search</Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function FeedbackDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { APP_URL, FEEDBACK_FORM_URL } = useSiteEnv();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Feedback</DialogTitle>
          <DialogDescription>
            Found a bug, missing a tool or have an idea? We read every message.
          </DialogDescription>
        </DialogHeader>
        <FeedbackOptions email={siteEmail("feedback", APP_URL)} formUrl={FEEDBACK_FORM_URL} />
      </DialogContent>
    </Dialog>
  );
}

/** The spec's two ways to send feedback: e-mail, and the external form when FEEDBACK_FORM_URL is set. */
export function FeedbackOptions({ email, formUrl }: { email: string; formUrl: string | null }) {
  return (
    <div className="flex flex-col gap-2">
      <Button asChild>
        <a href={`mailto:${email}?subject=${encodeURIComponent("Feedback")}`}>
          <MailIcon aria-hidden />
          Send us an e-mail
        </a>
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        or write to <span className="font-medium text-foreground">{email}</span>
      </p>
      {formUrl ? (
        <Button asChild variant="outline">
          <a href={formUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon aria-hidden />
            Open the feedback form
          </a>
        </Button>
      ) : null}
    </div>
  );
}

function MobileMenu({ onFeedback, signedIn }: { onFeedback: () => void; signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const item = "flex h-11 items-center rounded-md px-3 text-base font-medium hover:bg-accent hover:text-accent-foreground";
  const mobileLinkClass = ({ isActive }: { isActive: boolean }) => cn(item, isActive && "bg-accent text-accent-foreground");

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <IconButton icon={MenuIcon} aria-label="Open menu" className="md:hidden" />
      </SheetTrigger>
      <SheetContent side="right" aria-describedby={undefined}>
        <SheetHeader>
          <SheetTitle>Menu</SheetTitle>
        </SheetHeader>
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          <NavLink to="/" end className={mobileLinkClass} onClick={close}>
            Home
          </NavLink>
          <NavLink to="/ai-tools" className={mobileLinkClass} onClick={close}>
            All AI Tools
          </NavLink>
          <button
            type="button"
            className={cn(item, "text-left")}
            onClick={() => {
              close();
              onFeedback();
            }}
          >
            Feedback
          </button>
          <NavLink to="/advertise" className={mobileLinkClass} onClick={close}>
            Advertise
          </NavLink>
          <p className="mt-3 px-3 text-sm font-semibold text-muted-foreground" id="mobile-submit-heading">
            Submit
          </p>
          <ul aria-labelledby="mobile-submit-heading" className="flex flex-col gap-1">
            {SUBMIT_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={mobileLinkClass} onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {signedIn ? null : (
          <Button asChild className="mt-2">
            <Link to="/auth" onClick={close}>
              Sign in
            </Link>
          </Button>
        )}
      </SheetContent>
    </Sheet>
  );
}
