import { useEffect, useId } from "react";
import { Link } from "react-router";
import { notify } from "~/components/toaster";
import { cn } from "~/components/ui/cn";
import { FormAlert } from "~/components/ui/form-field";
import { QUEUE_TABS, type ClaimItem, type DecisionErrors, type QueuePage, type QueueTab, type RevisionItem } from "../moderation";
import { ClaimCard, RevisionCard } from "./queue-cards";

export interface ModerationQueueProps {
  tab: QueueTab;
  counts: { revisions: number; claims: number };
  revisions: QueuePage<RevisionItem> | null;
  claims: QueuePage<ClaimItem> | null;
  errors?: DecisionErrors;
}

/** /admin/moderation: the two queues as tabs in the URL, each paged on the server. */
export function ModerationQueue({ tab, counts, revisions, claims, errors }: ModerationQueueProps) {
  const message = errors?.form ?? errors?.reason;
  useEffect(() => {
    if (message) notify.error(message);
  }, [message, errors]);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Moderation</h1>
        <p className="text-sm text-muted-foreground">Makers&apos; changes to live products and claims to be a product&apos;s maker, oldest first.</p>
      </div>
      {message ? <FormAlert>{message}</FormAlert> : null}
      <nav aria-label="Moderation queues" className="rounded-lg border bg-card p-1">
        <ul className="grid grid-cols-2 gap-1">
          {QUEUE_TABS.map((item) => (
            <li key={item.id}>
              <Link
                to={`/admin/moderation?tab=${item.id}`}
                aria-current={item.id === tab ? "page" : undefined}
                className={cn(
                  "flex h-10 items-center justify-center gap-2 rounded-md px-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  item.id === tab ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-accent hover:text-accent-foreground",
                )}
              >
                {item.label}{" "}
                <span className="tabular-nums">({counts[item.id].toLocaleString("en")})</span>
                <span className="sr-only"> pending</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {revisions ? (
        <QueueSection heading="Pending revisions" empty="No changes are waiting for review." page={revisions} tab="revisions">
          {revisions.items.map((item) => (
            <RevisionCard key={item.id} item={item} />
          ))}
        </QueueSection>
      ) : null}
      {claims ? (
        <QueueSection heading="Pending claims" empty="No claims are waiting for review." page={claims} tab="claims">
          {claims.items.map((item) => (
            <ClaimCard key={item.id} item={item} />
          ))}
        </QueueSection>
      ) : null}
    </div>
  );
}

function QueueSection<T>({ heading, empty, page, tab, children }: { heading: string; empty: string; page: QueuePage<T>; tab: QueueTab; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {heading}
        <span className="ml-2 text-sm font-normal text-muted-foreground">
          {page.total.toLocaleString("en")} {page.total === 1 ? "item" : "items"}
        </span>
      </h2>
      {page.items.length ? <ol className="flex flex-col gap-4">{children}</ol> : <p className="rounded-lg border bg-card p-4 text-sm text-muted-foreground">{empty}</p>}
      <Pager tab={tab} page={page.page} pageCount={page.pageCount} />
    </section>
  );
}

function Pager({ tab, page, pageCount }: { tab: QueueTab; page: number; pageCount: number }) {
  if (pageCount <= 1 && page <= 1) return null;
  const href = (n: number) => `/admin/moderation?tab=${tab}${n > 1 ? `&page=${n}` : ""}`;
  const linkClass = "rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring";
  return (
    <nav aria-label="Queue pages" className="flex flex-wrap items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={href(Math.min(page - 1, pageCount))} className={linkClass}>
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted-foreground">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={linkClass}>
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
