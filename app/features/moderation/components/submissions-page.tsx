import { CheckIcon, EyeIcon, XIcon } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { DialogClose, DialogDescription, DialogFooter, DialogHeader, DialogTitle, Dialog, ModalPanel } from "~/components/ui/dialog";
import { REASON_MAX, type QueuePage } from "../moderation";
import type { SubmissionRow } from "../queries/submission-queues.server";
import { formatDay, QueueScreen, QueueTable } from "./queue-table";

function Chips({ items, empty }: { items: string[]; empty: string }) {
  if (!items.length) return <span className="text-muted-foreground">{empty}</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {items.map((item) => (
        <li key={item} className="rounded-full border bg-muted px-2 py-0.5 text-xs">
          {item}
        </li>
      ))}
    </ul>
  );
}

function ApproveForm({ row, children, className }: { row: SubmissionRow; children: ReactNode; className?: string }) {
  return (
    <Form method="post" preventScrollReset className={className}>
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="intent" value="approve" />
      {children}
    </Form>
  );
}

/** The details dialog's fields: the term, its value and the value's classes. */
function details(row: SubmissionRow): [string, ReactNode, string?][] {
  return [
    ["Headline", row.headline || "—", "break-words text-muted-foreground"],
    ["Tagline", row.tagline || "—", "text-muted-foreground"],
    ["Website", row.website_url || "—", "break-all text-muted-foreground"],
    ["Pricing", row.pricing, "text-muted-foreground capitalize"],
    ["Description", row.description || "—", "break-words whitespace-pre-line text-muted-foreground"],
    ["Niches", <Chips key="niches" items={row.niches} empty="None" />],
    ["Tags", <Chips key="tags" items={row.tags} empty="None" />],
  ];
}

const panelClass = "m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg rounded-lg";

function DetailsDialog({ row, onClose, onReject }: { row: SubmissionRow | null; onClose: () => void; onReject: (row: SubmissionRow) => void }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Dialog open={row !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {row ? (
        <ModalPanel className={`${panelClass} sm:max-w-2xl`} showClose={false}>
          <DialogHeader>
            <DialogTitle>{row.product_name}</DialogTitle>
            <DialogDescription>
              Submitted {formatDay(row.created_at)}
              {row.submitter || row.submitter_email ? ` by ${[row.submitter, row.submitter_email].filter(Boolean).join(" · ")}` : ""}
            </DialogDescription>
          </DialogHeader>
          <dl className="grid gap-3 text-sm">
            {details(row).map(([term, value, className]) => (
              <div key={term}>
                <dt className="font-medium">{term}</dt>
                <dd className={className}>{value}</dd>
              </div>
            ))}
          </dl>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => onReject(row)} disabled={busy}>
              Reject
            </Button>
            <ApproveForm row={row}>
              <Button type="submit" className="w-full" disabled={busy}>
                Approve
              </Button>
            </ApproveForm>
          </DialogFooter>
        </ModalPanel>
      ) : null}
    </Dialog>
  );
}

function RejectDialog({ row, onClose }: { row: SubmissionRow | null; onClose: () => void }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Dialog open={row !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {row ? (
        <ModalPanel className={panelClass} showClose={false}>
          <Form method="post" preventScrollReset className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>Reject {row.product_name}?</DialogTitle>
              <DialogDescription>The submitter is told by e-mail and sees the reason on My Products.</DialogDescription>
            </DialogHeader>
            <input type="hidden" name="id" value={row.id} />
            <div className="flex flex-col gap-1.5">
              <label htmlFor="reject-reason" className="text-sm font-medium">
                Reason (optional)
              </label>
              <textarea
                id="reject-reason"
                name="reason"
                rows={4}
                maxLength={REASON_MAX}
                className="rounded-md border border-input bg-background px-3 py-2 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:text-sm"
              />
            </div>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" name="intent" value="reject" variant="destructive" disabled={busy}>
                {busy ? "Rejecting..." : "Reject submission"}
              </Button>
            </DialogFooter>
          </Form>
        </ModalPanel>
      ) : null}
    </Dialog>
  );
}

export function SubmissionsPage({ list }: { list: QueuePage<SubmissionRow> }) {
  const [viewing, setViewing] = useState<SubmissionRow | null>(null);
  const [rejecting, setRejecting] = useState<SubmissionRow | null>(null);
  const busy = useNavigation().state === "submitting";
  // After an action the list reloads: the dialogs close.
  useEffect(() => {
    setViewing(null);
    setRejecting(null);
  }, [list]);

  const summary = `${list.total.toLocaleString("en")} pending ${list.total === 1 ? "submission" : "submissions"}, newest first. Approving makes a draft you publish from Manage Products.`;
  return (
    <QueueScreen title="Product Submissions" summary={summary} list={list} pagerLabel="Submissions pages">
      <QueueTable
        rows={list.rows}
        caption={`Pending submissions, page ${list.page} of ${list.pageCount}`}
        label={(row) => row.product_name}
        noun={{ one: "submission", many: "submissions" }}
        empty="No pending submissions."
        columns={[
          {
            header: "Product",
            className: "max-w-[16rem]",
            cell: (row) => (
              <>
                <span className="block font-medium break-words">{row.product_name}</span>
                {row.headline || row.tagline ? <span className="block text-xs break-words text-muted-foreground">{row.headline || row.tagline}</span> : null}
              </>
            ),
          },
          { header: "Niches", className: "max-w-[12rem]", cell: (row) => <Chips items={row.niches} empty="—" /> },
          { header: "Tags", className: "max-w-[12rem]", cell: (row) => <Chips items={row.tags} empty="—" /> },
          {
            header: "Submitted",
            className: "whitespace-nowrap text-muted-foreground",
            cell: (row) => (
              <>
                <time dateTime={row.created_at}>{formatDay(row.created_at)}</time>
                {row.submitter ? <span className="block text-xs">{row.submitter}</span> : null}
              </>
            ),
          },
        ]}
        actions={(row) => (
          <>
            <Button size="icon" variant="ghost" aria-label={`View ${row.product_name}`} title="View" onClick={() => setViewing(row)}>
              <EyeIcon aria-hidden />
            </Button>
            <ApproveForm row={row}>
              <Button type="submit" size="icon" variant="ghost" aria-label={`Approve ${row.product_name}`} title="Approve" disabled={busy}>
                <CheckIcon aria-hidden className="text-green-700 dark:text-green-400" />
              </Button>
            </ApproveForm>
            <Button size="icon" variant="ghost" aria-label={`Reject ${row.product_name}`} title="Reject" onClick={() => setRejecting(row)}>
              <XIcon aria-hidden className="text-red-700 dark:text-red-400" />
            </Button>
          </>
        )}
      />
      <DetailsDialog
        row={viewing}
        onClose={() => setViewing(null)}
        onReject={(row) => {
          setViewing(null);
          setRejecting(row);
        }}
      />
      <RejectDialog row={rejecting} onClose={() => setRejecting(null)} />
    </QueueScreen>
  );
}
