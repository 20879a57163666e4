import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { formatBytes } from "../csv-format";
import { countsSentence, type MappingPageData } from "../catalog-import";
import { ActionResult } from "./action-result";
import { ConfirmLive, ImportForm } from "./import-proceed";
import { MappingPreview } from "./mapping-preview";
import { PlacementFields } from "./placement-fields";

const n = (value: number) => value.toLocaleString("en");

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

      <ActionResult result={result} />

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

      <MappingPreview data={data} submitting={submitting} />

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

