import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { paginationItems } from "../filters";

const itemClass =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-2 text-sm tabular-nums hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/**
 * The spec's pager: every page up to 7, else first, last, current ± 1 and ellipses. Links (the
 * page lives in the URL), so it works before the JavaScript loads and with back/forward.
 */
export function Pagination({ page, pageCount, href, label = "Pagination" }: { page: number; pageCount: number; href: (page: number) => string; label?: string }) {
  if (pageCount <= 1) return null;
  const items = paginationItems(page, pageCount);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={href(page - 1)} className={itemClass} aria-label="Previous page" preventScrollReset>
          <ChevronLeftIcon className="size-4" aria-hidden />
        </Link>
      ) : null}
      <ul className="flex flex-wrap items-center gap-1">
        {items.map((item) =>
          typeof item === "number" ? (
            <li key={item}>
              <Link
                to={href(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? "page" : undefined}
                className={cn(itemClass, item === page && "border-primary bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground")}
                preventScrollReset
              >
                {item.toLocaleString("en")}
              </Link>
            </li>
          ) : (
            <li key={item} aria-hidden className="px-1 text-muted-foreground">
              …
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={itemClass} aria-label="Next page" preventScrollReset>
          <ChevronRightIcon className="size-4" aria-hidden />
        </Link>
      ) : null}
    </nav>
  );
}
