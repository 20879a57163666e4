import { Bookmark, ChevronUp, MessageSquare, Reply } from "lucide-react";
import { Link } from "react-router";
import { ProductLogo } from "~/domain/components/product-logo";
import { relativeTime } from "~/lib/time";
import type { Activity } from "../stats";

const verbs: Record<Activity["kind"], string> = {
  review: "Reviewed",
  reply: "Replied on",
  upvote: "Upvoted",
  save: "Saved",
};

const icons = { review: MessageSquare, reply: Reply, upvote: ChevronUp, save: Bookmark } as const;

/**
 * The profile's My Activities tab: the user's reviews and replies (100-character previews),
 * upvotes and saves, newest first, each linking to the product. `now` is the server's clock so
 * relative dates render the same on server and client.
 */
export function MyActivities({ items, now }: { items: Activity[]; now: number }) {
  if (!items.length) {
    return <p className="text-sm text-muted-foreground">No activity yet. Reviews, upvotes and saves you make will show here.</p>;
  }
  return (
    <ol className="flex flex-col gap-3" aria-label="My activities">
      {items.map((item) => {
        const Icon = icons[item.kind];
        return (
          <li key={item.key} className="flex gap-3 rounded-lg border p-3">
            <ProductLogo name={item.product.name} src={item.product.logo_url} size={40} />
            <div className="min-w-0 flex-1 text-sm">
              <p className="flex flex-wrap items-center gap-1">
                <Icon aria-hidden className="size-4 text-muted-foreground" />
                <span>{verbs[item.kind]}</span>
                <Link to={`/resources/${item.product.slug}`} className="font-medium text-primary [overflow-wrap:anywhere] hover:underline">
                  {item.product.name}
                </Link>
                {item.rating ? <span className="text-muted-foreground">({item.rating}/5)</span> : null}
              </p>
              {item.preview ? <p className="mt-1 break-words whitespace-pre-line text-muted-foreground">{item.preview}</p> : null}
              <time dateTime={item.created_at} className="mt-1 block text-xs text-muted-foreground">
                {relativeTime(item.created_at, now)}
              </time>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
