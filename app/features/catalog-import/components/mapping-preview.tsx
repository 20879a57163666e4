import { useState } from "react";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { TableScroller } from "~/components/ui/table-scroller";
import { COUNT_LABELS, type MappingPageData, type Option, type PlacementChoice, PREVIEW_FILTERS, type PreviewFilter, type SubcategoryChoice } from "../catalog-import";
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

/** The mapping page's preview: filters, a page of rows with Exclude and Map, and the pages. */
export function MappingPreview({ data, submitting }: { data: MappingPageData; submitting: boolean }) {
  const { summary, niches, subcategories } = data;
  return (
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
  subcategories: SubcategoryChoice[];
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
