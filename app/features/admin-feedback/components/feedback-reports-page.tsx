import type { FormEvent } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { Card, StatCards } from "~/components/admin/cards";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { DataTable } from "~/components/admin/data-table";
import { Pager } from "~/components/admin/pager";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { feedbackSearch, hasFilters, MAX_SEARCH, MIN_SEARCH, type FeedbackReportsPage as PageData, type FeedbackRow, type FeedbackStats } from "../admin-feedback";

const BASE = "/admin/feedback-reports";
const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });
const selectClass =
  "flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:text-sm";

/** /admin/feedback-reports: stat cards, the ratings chart, filters in the URL, the table, moderation, export. */
export function FeedbackReportsPage({ stats, rows, total, capped, estimated, tooShort, page, pageCount, filters }: PageData) {
  const navigate = useNavigate();
  const filtered = hasFilters(filters);
  const search = feedbackSearch(filters);
  // With JavaScript the URL keeps only the filters in use (without it the form sends every field).
  function applyFilters(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value.trim() && !(name === "rating" && value === "0") && !(name === "kind" && value === "reviews")) {
        params.set(name, value.trim());
      }
    }
    const text = params.toString();
    void navigate(`${BASE}${text ? `?${text}` : ""}`);
  }
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Feedback Reports</h1>
          <p className="text-sm text-muted-foreground">Reviews and replies across the directory: read them, hide or delete abusive ones, export them.</p>
        </div>
        <Button asChild variant="outline">
          <a href={`${BASE}/export.csv${search}`} download>
            Export to CSV
          </a>
        </Button>
      </div>
      <FeedbackStatCards stats={stats} />
      <RatingsChart stats={stats} />
      <Card id="feedback-filters-heading" title="Search and filter">
        <Form method="get" key={search} onSubmit={applyFilters} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end">
          <FormField
            id="feedback-q"
            name="q"
            type="search"
            label="Search"
            hint={`Comment, product or user (at least ${MIN_SEARCH} characters)`}
            defaultValue={filters.q}
            maxLength={MAX_SEARCH}
            autoComplete="off"
          />
          <FormField id="feedback-kind" name="kind" label="Type">
            {(control) => (
              <select {...control} defaultValue={filters.kind} className={selectClass}>
                <option value="reviews">Reviews</option>
                <option value="replies">Replies</option>
              </select>
            )}
          </FormField>
          <FormField id="feedback-rating" name="rating" label="Rating">
            {(control) => (
              <select {...control} defaultValue={String(filters.rating)} className={selectClass}>
                <option value="0">All ratings</option>
                {[5, 4, 3, 2, 1].map((r) => (
                  <option key={r} value={r}>
                    {r} {r === 1 ? "star" : "stars"}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-1">
            <Button type="submit">Apply</Button>
            {filtered ? (
              <Button asChild variant="ghost">
                <Link to={BASE}>Clear</Link>
              </Button>
            ) : null}
          </div>
        </Form>
      </Card>
      <section aria-labelledby="feedback-table-heading" className="flex flex-col gap-3">
        <h2 id="feedback-table-heading" className="text-lg font-semibold">
          {filters.kind === "replies" ? "Replies" : "Reviews"}
          <span className="ml-2 text-sm font-normal text-muted-foreground" role="status">
            {estimated
              ? `About ${total.toLocaleString("en")} results (estimate)`
              : `${total.toLocaleString("en")}${capped ? "+" : ""} ${total === 1 && !capped ? "result" : "results"}`}
          </span>
        </h2>
        {rows.length ? (
          <FeedbackTable rows={rows} search={feedbackSearch(filters, page)} />
        ) : (
          <p className="rounded-lg border bg-card p-4 text-sm text-muted-foreground">{tooShort
              ? `Type at least ${MIN_SEARCH} characters to search.`
              : filtered
                ? "No feedback matches these filters."
                : "No feedback yet."}</p>
        )}
        <Pager page={page} pageCount={pageCount} more={capped} about={estimated} label="Feedback pages" href={(p) => `${BASE}${feedbackSearch(filters, p)}`} />
      </section>
    </div>
  );
}

function FeedbackStatCards({ stats }: { stats: FeedbackStats }) {
  return (
    <section aria-label="Feedback statistics">
      <StatCards
        className="grid-cols-2 lg:grid-cols-4"
        items={[
          { label: "Total reviews", value: stats.total.toLocaleString("en") },
          { label: "Average rating", value: stats.average === null ? "–" : stats.average.toFixed(1) },
          { label: "Reviews this month", value: stats.thisMonth.toLocaleString("en") },
          { label: "Products reviewed", value: stats.productsReviewed.toLocaleString("en") },
        ]}
      />
    </section>
  );
}

/** Hand-drawn bars; each row also says its figures as text, so the chart needs no picture to be read. */
function RatingsChart({ stats }: { stats: FeedbackStats }) {
  return (
    <Card id="ratings-heading" title="Ratings distribution">
      <ul className="flex flex-col gap-2">
        {[...stats.distribution].reverse().map(({ rating, count, percent }) => (
          <li key={rating} className="grid grid-cols-[4.5rem_1fr_7rem] items-center gap-3 text-sm">
            <span>
              {rating} {rating === 1 ? "star" : "stars"}
            </span>
            <span aria-hidden className="h-3 overflow-hidden rounded-full bg-muted">
              <span className="block h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
            </span>
            <span className="text-right tabular-nums text-muted-foreground">
              {percent}% ({count.toLocaleString("en")})
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function FeedbackTable({ rows, search }: { rows: FeedbackRow[]; search: string }) {
  return (
    <DataTable
      rows={rows}
      caption="Feedback"
      label="Feedback table"
      minWidth="min-w-[48rem]"
      rowAttributes={(row) => ({ "data-feedback-id": row.id })}
      columns={[
        { header: "ID", className: "tabular-nums", cell: (row) => row.id },
        {
          header: "Product",
          cell: (row) => (
            <Link to={`/resources/${row.productSlug}`} className="font-medium underline-offset-4 hover:underline">
              {row.productName}
            </Link>
          ),
        },
        {
          header: "User",
          className: "[overflow-wrap:anywhere]",
          cell: (row) => (
            <>
              {row.user}
              {row.authorSuspended ? <span className="ml-1 rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">suspended</span> : null}
            </>
          ),
        },
        { header: "Rating", className: "whitespace-nowrap", cell: (row) => (row.rating === null ? <span className="text-muted-foreground">Reply</span> : `${row.rating} / 5`) },
        {
          header: "Comment",
          className: "max-w-md whitespace-pre-wrap [overflow-wrap:anywhere]",
          cell: (row) => (
            <>
              {row.hidden ? <span className="mr-1 rounded bg-destructive/15 px-1.5 py-0.5 text-xs font-medium text-foreground">Hidden</span> : null}
              {row.comment}
            </>
          ),
        },
        { header: "Date", className: "whitespace-nowrap", cell: (row) => <time dateTime={row.createdAt}>{dateFormat.format(new Date(row.createdAt))}</time> },
        { header: "Actions", cell: (row) => <RowActions row={row} search={search} /> },
      ]}
    />
  );
}

function RowActions({ row, search }: { row: FeedbackRow; search: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === String(row.id);
  const what = row.parentId === null ? "review" : "reply";
  return (
    <div className="flex flex-wrap gap-2">
      <Form method="post" action={`${BASE}${search}`}>
        <input type="hidden" name="id" value={row.id} />
        <input type="hidden" name="intent" value={row.hidden ? "unhide" : "hide"} />
        <Button type="submit" size="sm" variant="outline" disabled={busy} aria-label={`${row.hidden ? "Show" : "Hide"} ${what} ${row.id}`}>
          {row.hidden ? "Show" : "Hide"}
        </Button>
      </Form>
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="destructive" aria-label={`Delete ${what} ${row.id}`}>
            Delete
          </Button>
        }
        title={`Delete this ${what}?`}
        description={`${row.parentId === null ? "The review and its replies are removed for good." : "The reply is removed for good."} Hiding keeps it for the record.`}
        action={`${BASE}${search}`}
        fields={{ id: row.id, intent: "delete" }}
        confirm={{ label: "Delete" }}
      />
    </div>
  );
}
