import { PackagePlusIcon, XIcon } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import type { QueuePage } from "../moderation";
import type { SuggestionRow } from "../queries/submission-queues.server";
import { formatDay, QueueScreen, QueueTable } from "./queue-table";

const short = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text) || "suggestion";

function RowAction({ row, intent, children }: { row: SuggestionRow; intent: "convert" | "reject"; children: React.ReactNode }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

export function SuggestionsPage({ list }: { list: QueuePage<SuggestionRow> }) {
  const busy = useNavigation().state === "submitting";
  const summary = `${list.total.toLocaleString("en")} open ${list.total === 1 ? "suggestion" : "suggestions"}, newest first. Create Product turns one into a draft product and opens it in the product form.`;
  return (
    <QueueScreen title="User Suggestions" summary={summary} list={list} pagerLabel="Suggestions pages">
      <QueueTable
        rows={list.rows}
        caption={`User suggestions, page ${list.page} of ${list.pageCount}`}
        label={(row) => `suggestion from ${row.username ?? row.email ?? "a member"}: ${short(row.text)}`}
        noun={{ one: "suggestion", many: "suggestions" }}
        empty="No open suggestions."
        columns={[
          {
            header: "Submitter",
            className: "max-w-[12rem] break-words",
            cell: (row) => (
              <>
                <span className="block font-medium">{row.username ?? "—"}</span>
                {row.email ? <span className="block text-xs break-all text-muted-foreground">{row.email}</span> : null}
              </>
            ),
          },
          { header: "Suggestion", className: "max-w-[24rem] break-words whitespace-pre-line", cell: (row) => row.text },
          {
            header: "Date",
            className: "whitespace-nowrap text-muted-foreground",
            cell: (row) => <time dateTime={row.created_at}>{formatDay(row.created_at)}</time>,
          },
        ]}
        actions={(row) => (
          <>
            <RowAction row={row} intent="convert">
              <Button type="submit" size="sm" variant="outline" disabled={busy} aria-label={`Create Product from: ${short(row.text)}`}>
                <PackagePlusIcon aria-hidden />
                Create Product
              </Button>
            </RowAction>
            <RowAction row={row} intent="reject">
              <Button type="submit" size="icon" variant="ghost" disabled={busy} aria-label={`Reject suggestion: ${short(row.text)}`} title="Reject">
                <XIcon aria-hidden className="text-red-700 dark:text-red-400" />
              </Button>
            </RowAction>
          </>
        )}
      />
    </QueueScreen>
  );
}
