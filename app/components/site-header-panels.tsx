/**
 * The header's dialogs (search, feedback, the mobile menu), loaded when one first opens: they are
 * closed on every page load, so none of this is in the page's first JavaScript (decision 052).
 */
import { ExternalLinkIcon, MailIcon } from "lucide-react";
import type { FormEvent } from "react";
import { Link, NavLink, useNavigate } from "react-router";
import { useSiteEnv } from "~/domain/root-data";
import { siteEmail } from "./site-email";
import { Button } from "./ui/button";
import { cn } from "./ui/cn";
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./ui/dialog";
import { Input } from "./ui/input";
import { SheetContent, SheetHeader, SheetTitle } from "./ui/sheet";

/** The search dialog's panel (inside the header's <Dialog>); `onDone` closes it before navigating. */
export function SearchPanel({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    if (!q) return;
    onDone();
    void navigate(`/search?q=${encodeURIComponent(q)}`);
  }

  return (
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
  );
}

export function FeedbackPanel() {
  const { APP_URL, FEEDBACK_FORM_URL } = useSiteEnv();
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Feedback</DialogTitle>
        <DialogDescription>Found a bug, missing a tool or have an idea? We read every message.</DialogDescription>
      </DialogHeader>
      <FeedbackOptions email={siteEmail("feedback", APP_URL)} formUrl={FEEDBACK_FORM_URL} />
    </DialogContent>
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

/** The mobile menu's drawer (inside the header's <Dialog>); `submitLinks` are the header's Submit menu. */
export function MobileMenuPanel({
  onClose,
  onFeedback,
  signedIn,
  submitLinks,
}: {
  onClose: () => void;
  onFeedback: () => void;
  signedIn: boolean;
  submitLinks: readonly { label: string; to: string }[];
}) {
  const item = "flex h-11 items-center rounded-md px-3 text-base font-medium hover:bg-accent hover:text-accent-foreground";
  const mobileLinkClass = ({ isActive }: { isActive: boolean }) => cn(item, isActive && "bg-accent text-accent-foreground");

  return (
    <SheetContent side="right" aria-describedby={undefined}>
      <SheetHeader>
        <SheetTitle>Menu</SheetTitle>
      </SheetHeader>
      <nav aria-label="Mobile" className="flex flex-col gap-1">
        <NavLink to="/" end className={mobileLinkClass} onClick={onClose}>
          Home
        </NavLink>
        <NavLink to="/ai-tools" className={mobileLinkClass} onClick={onClose}>
          All AI Tools
        </NavLink>
        <button
          type="button"
          className={cn(item, "text-left")}
          onClick={() => {
            onClose();
            onFeedback();
          }}
        >
          Feedback
        </button>
        <NavLink to="/advertise" className={mobileLinkClass} onClick={onClose}>
          Advertise
        </NavLink>
        <p className="mt-3 px-3 text-sm font-semibold text-muted-foreground" id="mobile-submit-heading">
          Submit
        </p>
        <ul aria-labelledby="mobile-submit-heading" className="flex flex-col gap-1">
          {submitLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={mobileLinkClass} onClick={onClose}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {signedIn ? null : (
        <Button asChild className="mt-2">
          <Link to="/auth" onClick={onClose}>
            Sign in
          </Link>
        </Button>
      )}
    </SheetContent>
  );
}
