import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** Headline, a line of context, the newsletter link and Suggest Tools, as the spec's list pages show. */
export function Hero({ title, subtitle, newsletterUrl }: { title: string; subtitle: string; newsletterUrl: string | null }) {
  return (
    <header className="mb-6 flex flex-col gap-3">
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{title}</h1>
      <p className="break-words text-muted-foreground">{subtitle}</p>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to="/submit">Suggest Tools</Link>
        </Button>
        <Button asChild variant="outline">
          {newsletterUrl ? (
            <a href={newsletterUrl} target="_blank" rel="noopener noreferrer">
              Newsletter
            </a>
          ) : (
            <a href="/feed.xml">Subscribe via RSS</a>
          )}
        </Button>
      </div>
    </header>
  );
}
