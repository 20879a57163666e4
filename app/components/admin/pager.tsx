import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { paginationItems } from "~/lib/paging";

const numberClass =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-2 text-sm tabular-nums hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";
const stepClass =
  "inline-flex h-9 items-center gap-1 rounded-md border px-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/**
 * The numbered pager: every page up to 7, else first, last, current ± 1 and ellipses. Links (the
 * page lives in the URL), so it works before the JavaScript loads and with back/forward.
 */
export function NumberedPager({ page, pageCount, href, label = "Pagination" }: { page: number; pageCount: number; href: (page: number) => string; label?: string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={href(page - 1)} className={numberClass} aria-label="Previous page" preventScrollReset>
          <ChevronLeftIcon className="size-4" aria-hidden />
        </Link>
      ) : null}
      <ul className="flex flex-wrap items-center gap-1">
        {paginationItems(page, pageCount).map((item) =>
          typeof item === "number" ? (
            <li key={item}>
              <Link
                to={href(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? "page" : undefined}
                className={cn(numberClass, item === page && "border-primary bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground")}
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
        <Link to={href(page + 1)} className={numberClass} aria-label="Next page" preventScrollReset>
          <ChevronRightIcon className="size-4" aria-hidden />
        </Link>
      ) : null}
    </nav>
  );
}

/** A step of the pager: a link, or with `steady` a disabled look-alike at the end of the list. */
function Step({ to, steady, keepScroll, children }: { to: string | null; steady: boolean; keepScroll: boolean; children: ReactNode }) {
  if (to !== null) {
    return (
      <Link to={to} className={stepClass} preventScrollReset={keepScroll}>
        {children}
      </Link>
    );
  }
  return steady ? (
    <span aria-disabled="true" className={cn(stepClass, "pointer-events-none opacity-50")}>
      {children}
    </span>
  ) : (
    <span />
  );
}

/**
 * Previous, "Page X of Y" and Next as links. `about` marks an estimated count ("of about 40"),
 * `more` a capped one ("of 50+"); `previous`/`next` rename the links (the audit log's "Newer
 * entries"/"Older entries"). Hidden when there is one page, unless the URL asked for a later one;
 * `steady` (the submissions and suggestions queues) always shows it, the ends disabled.
 */
export function Pager({
  page,
  pageCount,
  href,
  label,
  about = false,
  more = false,
  previous = "Previous",
  next = "Next",
  keepScroll = true,
  steady = false,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  label: string;
  about?: boolean;
  more?: boolean;
  previous?: string;
  next?: string;
  /** Stay at the pager (a table's next page) rather than start at the top (a feed of entries). */
  keepScroll?: boolean;
  steady?: boolean;
}) {
  if (!steady && pageCount <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2">
      <Step to={page > 1 ? href(Math.min(page - 1, pageCount)) : null} steady={steady} keepScroll={keepScroll}>
        <ChevronLeftIcon className="size-4" aria-hidden />
        {previous}
      </Step>
      <p className="text-sm text-muted-foreground tabular-nums">
        Page {page.toLocaleString("en")} of {about ? "about " : ""}
        {pageCount.toLocaleString("en")}
        {more && !about ? "+" : ""}
      </p>
      <Step to={page < pageCount ? href(page + 1) : null} steady={steady} keepScroll={keepScroll}>
        {next}
        <ChevronRightIcon className="size-4" aria-hidden />
      </Step>
    </nav>
  );
}
