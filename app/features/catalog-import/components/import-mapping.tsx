import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { TableScroller } from "~/components/ui/table-scroller";
import { formatBytes } from "../csv-format";
import { COUNT_LABELS, countsSentence, importableRows, importButtonLabel, noNicheMessage, type ImportCounts } from "../import-counts";
import { PREVIEW_FILTERS, type PreviewFilter } from "../import-forms";
import type { MappingPageData, Option, PlacementChoice } from "../import-types";
import { PlacementFields } from "./placement-fields";

const capital = (label: string) => label[0]!.toUpperCase() + label.slice(1);
const FILTER_LABELS: Record<PreviewFilter, string> = {
  all: "All rows",
  ready: capital(COUNT_LABELS.ready),
  "no-niche": capital(COUNT_LABELS.noNiche),
  duplicates: capital(COUNT_LABELS.duplicates),
  problems: capital(COUNT_LABELS.problems),
  excluded: capital(COUNT_LABELS.excluded),
};
const n = (value: number) => value.toLocaleString("en");

function pageLink(filter: PreviewFilter, page: number) {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("filter", filter);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/** /admin/products/map-csv/{import}: map the file's products, preview them page by page, exclude rows, proceed. */
type MappingResult = { error?: string; message?: string; confirm?: { status: "live"; count: number } };

export function ImportMapping({ data, result }: { data: MappingPageData; result: MappingResult | null }) {
  const { summary, niches, subcategories, counts } = data;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  return (
    <div className="space-y-8">
      {/* A file's name may be one long word: it breaks rather than widen the page. */}
      <header className="space-y-1 [overflow-wrap:anywhere]">
        <h1 className="text-2xl font-bold tracking-tight">Map CSV Products</h1>
        <p className="text-sm text-muted-foreground">
          {summary.fileName} ({formatBytes(summary.fileBytes)}): {n(counts.total)} products detected: {countsSentence(counts)}.
        </p>
        {summary.warnings.length ? (
          <ul className="list-disc pl-5 text-sm text-muted-foreground">
            {summary.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        ) : null}
      </header>

      <div role="status" aria-live="polite">
        {result?.message ? <p className="rounded-md border bg-card p-3 text-sm">{result.message}</p> : null}
      </div>
      {result?.error ? (
        <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive dark:text-red-300">
          {result.error}
        </p>
      ) : null}

      <section aria-labelledby="map-all-title" className="space-y-3 rounded-lg border bg-card p-4">
        <h2 id="map-all-title" className="text-lg font-semibold">
          All rows
        </h2>
        <p className="text-sm text-muted-foreground">One niche and subcategory for every row, unless a group or a row below has its own.</p>
        <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end" preventScrollReset>
          <input type="hidden" name="intent" value="map-all" />
          <PlacementFields idPrefix="all" niches={niches} subcategories={subcategories} choice={data.all} keepLabel="Keep each row's niche" labelSuffix=" for all rows" />
          <Button type="submit" variant="secondary" disabled={submitting}>
            Apply to all rows
          </Button>
        </Form>
      </section>

      {data.groups.length ? (
        <section aria-labelledby="groups-title" className="space-y-3">
          <h2 id="groups-title" className="text-lg font-semibold">
            Groups in the file
          </h2>
          <p className="text-sm text-muted-foreground">Rows that share a niche and subcategory in the file can be mapped together.</p>
          <ul className="space-y-3">
            {data.groups.map((group, index) => (
              <li key={group.key} className="rounded-lg border bg-card p-4">
                <p className="text-sm font-medium">
                  {group.niche || "(no niche)"}
                  {group.subcategory ? ` / ${group.subcategory}` : ""} <span className="text-muted-foreground">({n(group.rows)} rows)</span>
                </p>
                <Form method="post" className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-end" preventScrollReset>
                  <input type="hidden" name="intent" value="map-group" />
                  <input type="hidden" name="group" value={group.key} />
                  <PlacementFields
                    idPrefix={`group-${index}`}
                    niches={niches}
                    subcategories={subcategories}
                    choice={group.choice}
                    keepLabel="As for all rows"
                    labelSuffix={` for ${group.niche || "this group"}`}
                  />
                  <Button type="submit" variant="secondary" disabled={submitting}>
                    Apply to group
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
          {data.groupsNotShown ? <p className="text-sm text-muted-foreground">More groups are not shown: map them row by row or with All rows.</p> : null}
        </section>
      ) : null}

      <section aria-labelledby="preview-title" className="space-y-3">
        <h2 id="preview-title" className="text-lg font-semibold">
          Preview
        </h2>
        <nav aria-label="Preview filter" className="flex flex-wrap gap-2">
          {PREVIEW_FILTERS.map((filter) => (
            <Link
              key={filter}
              to={pageLink(filter, 1)}
              aria-current={data.filter === filter ? "page" : undefined}
              className={buttonVariants({ variant: data.filter === filter ? "default" : "outline", size: "sm" })}
              preventScrollReset
            >
              {FILTER_LABELS[filter]}
            </Link>
          ))}
        </nav>
        <TableScroller label={`Rows of ${summary.fileName}`} className="rounded-lg border">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">
              Rows of {summary.fileName}, page {data.page} of {data.pages}
            </caption>
            <thead className="bg-muted/50 text-xs uppercase text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2">Row</th>
                <th scope="col" className="px-3 py-2">Product</th>
                <th scope="col" className="px-3 py-2">Niche / subcategory</th>
                <th scope="col" className="px-3 py-2">Status</th>
                <th scope="col" className="px-3 py-2">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.length === 0 ? (
                <tr>
                  <td colSpan={5} className="px-3 py-6 text-center text-muted-foreground">
                    No rows here.
                  </td>
                </tr>
              ) : null}
              {data.rows.map((row) => (
                <tr key={row.row} className={cn("border-t align-top", row.excluded && "opacity-60")}>
                  <td className="px-3 py-2 tabular-nums">{row.row}</td>
                  <td className="max-w-[16rem] px-3 py-2">
                    <span className="block truncate font-medium">{row.productName || "(no name)"}</span>
                    <span className="block truncate text-xs text-muted-foreground">{row.websiteUrl}</span>
                  </td>
                  <td className="px-3 py-2">{row.placement}</td>
                  <td className="px-3 py-2">
                    {row.excluded ? <p className="text-muted-foreground">Excluded</p> : null}
                    {row.problems.length ? (
                      <ul className="space-y-0.5 text-destructive dark:text-red-300">
                        {row.problems.map((p) => (
                          <li key={p}>{p}</li>
                        ))}
                      </ul>
                    ) : row.excluded ? null : row.needsNiche ? (
                      <span className="text-amber-800 dark:text-amber-300">Needs a niche (draft only)</span>
                    ) : (
                      <span className="text-muted-foreground">Ready</span>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex flex-col items-start gap-2">
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="row" value={row.row} />
                        <Button type="submit" name="intent" value={row.excluded ? "include" : "exclude"} variant="outline" size="sm" disabled={submitting}>
                          {row.excluded ? "Include" : "Exclude"}
                          <span className="sr-only"> row {row.row}</span>
                        </Button>
                      </Form>
                      <RowMapper row={row.row} choice={row.choice} niches={niches} subcategories={subcategories} disabled={submitting} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
        <nav aria-label="Preview pages" className="flex items-center justify-between gap-2 text-sm">
          {data.page > 1 ? (
            <Link to={pageLink(data.filter, data.page - 1)} className={buttonVariants({ variant: "outline", size: "sm" })} preventScrollReset>
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span>
            Page {data.page} of {data.pages} ({n(data.matching)} rows)
          </span>
          {data.page < data.pages ? (
            <Link to={pageLink(data.filter, data.page + 1)} className={buttonVariants({ variant: "outline", size: "sm" })} preventScrollReset>
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      </section>

      <section aria-labelledby="proceed-title" className="space-y-3 rounded-lg border bg-card p-4">
        <h2 id="proceed-title" className="text-lg font-semibold">
          Import
        </h2>
        <p className="text-sm text-muted-foreground">
          {countsSentence(counts)}. Duplicates, rows with problems and excluded rows are skipped and listed in the rejected rows file.
        </p>
        {result?.confirm ? (
          <ConfirmLive count={result.confirm.count} submitting={submitting} />
        ) : (
          <ImportForm counts={counts} saved={summary.productStatus} submitting={submitting} />
        )}
        <Form method="post">
          <Button type="submit" name="intent" value="discard" variant="outline" disabled={submitting}>
            Cancel
          </Button>
        </Form>
      </section>
    </div>
  );
}

/**
 * One form: what the products become, and the button that says what will happen (issue 36, item 8).
 * The label follows the select once hydrated; the server checks the same rules whatever was sent.
 */
function ImportForm({ counts, saved, submitting }: { counts: ImportCounts; saved: "live" | "draft"; submitting: boolean }) {
  const [status, setStatus] = useState<"live" | "draft">(saved);
  const select = useRef<HTMLSelectElement>(null);
  // A choice made before hydration is kept (the DOM's value wins over the server's default).
  useEffect(() => {
    const value = select.current?.value;
    if (value === "live" || value === "draft") setStatus(value);
  }, []);
  const count = importableRows(counts);
  const blocked = status === "live" && counts.noNiche > 0;
  return (
    <Form method="post" className="space-y-3" preventScrollReset>
      <input type="hidden" name="intent" value="proceed" />
      <div className="flex flex-col gap-1">
        <label htmlFor="product-status" className="text-xs font-medium text-muted-foreground">
          Imported products are
        </label>
        <select
          ref={select}
          id="product-status"
          name="status"
          defaultValue={saved}
          onChange={(event) => setStatus(event.currentTarget.value === "draft" ? "draft" : "live")}
          aria-describedby={blocked ? "no-niche-note" : undefined}
          className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:w-56"
        >
          <option value="live">Published</option>
          <option value="draft">Draft</option>
        </select>
      </div>
      {blocked ? (
        <p id="no-niche-note" className="rounded-md border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {noNicheMessage(counts.noNiche)}
        </p>
      ) : null}
      <Button type="submit" disabled={submitting || count === 0}>
        {importButtonLabel(count, status)}
      </Button>
    </Form>
  );
}

/** More than CONFIRM_LIVE_ABOVE live products: the server asked first; this second button confirms. */
function ConfirmLive({ count, submitting }: { count: number; submitting: boolean }) {
  return (
    <div role="alert" className="space-y-3 rounded-md border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
      <p className="font-medium">Publish {n(count)} products now? They show on the site at once, on their category pages and in search.</p>
      <div className="flex flex-wrap gap-2">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="proceed" />
          <input type="hidden" name="status" value="live" />
          <input type="hidden" name="confirmed" value="yes" />
          <Button type="submit" disabled={submitting}>
            {importButtonLabel(count, "live")}
          </Button>
        </Form>
        <Link to="?" className={buttonVariants({ variant: "outline" })} preventScrollReset>
          Go back
        </Link>
      </div>
    </div>
  );
}

/** A row's own niche and subcategory: the selects are drawn when opened (50 rows of full lists would weigh the page down). */
function RowMapper({
  row,
  choice,
  niches,
  subcategories,
  disabled,
}: {
  row: number;
  choice: PlacementChoice | null;
  niches: Option[];
  subcategories: Option[];
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-sm text-primary underline-offset-4 hover:underline">
        Map<span className="sr-only"> row {row}</span>
      </summary>
      {open ? (
        <Form method="post" className="mt-2 flex flex-col gap-2" preventScrollReset>
          <input type="hidden" name="intent" value="map-row" />
          <input type="hidden" name="row" value={row} />
          <PlacementFields
            idPrefix={`row-${row}`}
            niches={niches}
            subcategories={subcategories}
            choice={choice}
            keepLabel="As for its group"
            labelSuffix={` for row ${row}`}
          />
          <Button type="submit" size="sm" variant="secondary" disabled={disabled}>
            Save row {row}
          </Button>
        </Form>
      ) : null}
    </details>
  );
}
