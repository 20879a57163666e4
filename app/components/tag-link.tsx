import { PageLink } from "~/components/ui/page-link";
import { tagLabel } from "~/domain/tag-label";
import { cn } from "./ui/cn";

/**
 * A link to a tag's page, shown as "#note taking". The "#" says what the link is at a glance and
 * keeps a one-word tag such as "go" or "more" from reading as a bare "go" link (Lighthouse's
 * link-text audit failed the Communities niche page on the tag "go", decision 053). Screen readers
 * skip the mark: the link's name stays the tag's words.
 */
export function TagLink({ tag, className }: { tag: string; className?: string }) {
  return (
    <PageLink to={`/tag/${encodeURIComponent(tag)}`} className={cn("max-w-full rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground [overflow-wrap:anywhere] hover:underline", className)}>
      <span aria-hidden="true">#</span>
      {tagLabel(tag)}
    </PageLink>
  );
}
