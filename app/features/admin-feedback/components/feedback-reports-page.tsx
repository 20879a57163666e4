import { useState, type FormEvent } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { TableScroller } from "~/components/ui/table-scroller";
import { feedbackSearch, hasFilters, MAX_SEARCH, MIN_SEARCH, type FeedbackReportsPage as PageData, type FeedbackRow, type FeedbackStats } from "../feedback-reports";

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
      <StatCards stats={stats} />
      <RatingsChart stats={stats} />
      <section aria-labelledby="feedback-filters-heading" className="rounded-lg border bg-card p-4 shadow-sm">
        <h2 id="feedback-filters-heading" className="mb-3 text-lg font-semibold">
          Search and filter
        </h2>
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
      </section>
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
        <Pager page={page} pageCount={pageCount} capped={capped} estimated={estimated} href={(p) => `${BASE}${feedbackSearch(filters, p)}`} />
      </section>
    </div>
  );
}

function StatCards({ stats }: { stats: FeedbackStats }) {
  const cards = [
    { label: "Total reviews", value: stats.total.toLocaleString("en") },
    { label: "Average rating", value: stats.average === null ? "–" : stats.average.toFixed(1) },
    { label: "Reviews this month", value: stats.thisMonth.toLocaleString("en") },
    { label: "Products reviewed", value: stats.productsReviewed.toLocaleString("en") },
  ];
  return (
    <section aria-label="Feedback statistics">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-lg border bg-card p-4 shadow-sm">
            <dt className="text-sm text-muted-foreground">{card.label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{card.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Hand-drawn bars; each row also says its figures as text, so the chart needs no picture to be read. */
function RatingsChart({ stats }: { stats: FeedbackStats }) {
  return (
    <section aria-labelledby="ratings-heading" className="rounded-lg border bg-card p-4 shadow-sm">
      <h2 id="ratings-heading" className="mb-3 text-lg font-semibold">
        Ratings distribution
      </h2>
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
    </section>
  );
}

function FeedbackTable({ rows, search }: { rows: FeedbackRow[]; search: string }) {
  const th = "p-2 text-left font-semibold whitespace-nowrap";
  return (
    <TableScroller label="Feedback table" className="rounded-lg border bg-card">
      <table className="w-full min-w-[48rem] border-collapse text-sm">
        <thead className="border-b">
          <tr>
            <th scope="col" className={th}>ID</th>
            <th scope="col" className={th}>Product</th>
            <th scope="col" className={th}>User</th>
            <th scope="col" className={th}>Rating</th>
            <th scope="col" className={th}>Comment</th>
            <th scope="col" className={th}>Date</th>
            <th scope="col" className={th}>Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((row) => (
            <tr key={row.id} className="align-top" data-feedback-id={row.id}>
              <td className="p-2 tabular-nums">{row.id}</td>
              <td className="p-2">
                <Link to={`/resources/${row.productSlug}`} className="font-medium underline-offset-4 hover:underline">
                  {row.productName}
                </Link>
              </td>
              <td className="p-2 [overflow-wrap:anywhere]">
                {row.user}
                {row.authorSuspended ? <span className="ml-1 rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">suspended</span> : null}
              </td>
              <td className="p-2 whitespace-nowrap">{row.rating === null ? <span className="text-muted-foreground">Reply</span> : `${row.rating} / 5`}</td>
              <td className="max-w-md p-2 whitespace-pre-wrap [overflow-wrap:anywhere]">
                {row.hidden ? <span className="mr-1 rounded bg-destructive/15 px-1.5 py-0.5 text-xs font-medium text-foreground">Hidden</span> : null}
                {row.comment}
              </td>
              <td className="p-2 whitespace-nowrap">
                <time dateTime={row.createdAt}>{dateFormat.format(new Date(row.createdAt))}</time>
              </td>
              <td className="p-2">
                <RowActions row={row} search={search} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

function RowActions({ row, search }: { row: FeedbackRow; search: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === String(row.id);
  const [open, setOpen] = useState(false);
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
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button size="sm" variant="destructive" aria-label={`Delete ${what} ${row.id}`}>
            Delete
          </Button>
        </DialogTrigger>
        {open ? (
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Delete this {what}?</DialogTitle>
              <DialogDescription>
                {row.parentId === null ? "The review and its replies are removed for good." : "The reply is removed for good."} Hiding keeps it for the record.
              </DialogDescription>
            </DialogHeader>
            <Form method="post" action={`${BASE}${search}`} onSubmit={() => setOpen(false)}>
              <input type="hidden" name="id" value={row.id} />
              <input type="hidden" name="intent" value="delete" />
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" variant="destructive">
                  Delete
                </Button>
              </DialogFooter>
            </Form>
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}

function Pager({
  page,
  pageCount,
  capped,
  estimated,
  href,
}: {
  page: number;
  pageCount: number;
  capped: boolean;
  estimated: boolean;
  href: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const linkClass = "rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring";
  return (
    <nav aria-label="Feedback pages" className="flex flex-wrap items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} className={linkClass} preventScrollReset>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-muted-foreground">
        Page {page.toLocaleString("en")} of {estimated ? "about " : ""}
        {pageCount.toLocaleString("en")}
        {capped && !estimated ? "+" : ""}
      </p>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={linkClass} preventScrollReset>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
