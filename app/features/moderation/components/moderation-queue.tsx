import { useEffect, useId, type ReactNode } from "react";
import { LinkTabs } from "~/components/admin/link-tabs";
import { Pager } from "~/components/admin/pager";
import { notify } from "~/components/toaster";
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

const queueHref = (tab: QueueTab, page = 1) => `/admin/moderation?tab=${tab}${page > 1 ? `&page=${page}` : ""}`;

/** /admin/moderation: the two queues as tabs in the URL, each paged on the server. */
export function ModerationQueue({ tab, counts, revisions, claims, errors }: ModerationQueueProps) {
  const message = errors?.form ?? errors?.reason;
  useEffect(() => {
    if (message) notify.error(message);
  }, [message, errors]);
  const tabs = QUEUE_TABS.map((item) => ({
    id: item.id,
    label: (
      <>
        {item.label} <span className="tabular-nums">({counts[item.id].toLocaleString("en")})</span>
        <span className="sr-only"> pending</span>
      </>
    ),
  }));
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Moderation</h1>
        <p className="text-sm text-muted-foreground">Makers&apos; changes to live products and claims to be a product&apos;s maker, oldest first.</p>
      </div>
      {message ? <FormAlert>{message}</FormAlert> : null}
      <LinkTabs label="Moderation queues" tabs={tabs} current={tab} href={(id) => queueHref(id)} />
      {revisions ? (
        <QueueSection heading="Pending revisions" empty="No changes are waiting for review." page={revisions} tab="revisions">
          {revisions.rows.map((item) => (
            <RevisionCard key={item.id} item={item} />
          ))}
        </QueueSection>
      ) : claims ? (
        <QueueSection heading="Pending claims" empty="No claims are waiting for review." page={claims} tab="claims">
          {claims.rows.map((item) => (
            <ClaimCard key={item.id} item={item} />
          ))}
        </QueueSection>
      ) : null}
    </div>
  );
}

/** One queue: its heading and count, its cards (or what it says when empty) and its pager. */
function QueueSection<T>({ heading, empty, page, tab, children }: { heading: string; empty: string; page: QueuePage<T>; tab: QueueTab; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {heading}
        <span className="ml-2 text-sm font-normal text-muted-foreground">
          {page.total.toLocaleString("en")} {page.total === 1 ? "item" : "items"}
        </span>
      </h2>
      {page.rows.length ? <ol className="flex flex-col gap-4">{children}</ol> : <p className="rounded-lg border bg-card p-4 text-sm text-muted-foreground">{empty}</p>}
      <Pager page={page.page} pageCount={page.pageCount} label="Queue pages" previous="Previous page" next="Next page" href={(n) => queueHref(tab, n)} />
    </section>
  );
}
