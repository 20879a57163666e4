import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { importableRows, importButtonLabel, type ImportCounts, noNicheMessage } from "../catalog-import";

const n = (value: number) => value.toLocaleString("en");

/**
 * One form: what the products become, and the button that says what will happen (issue 36, item 8).
 * The label follows the select once hydrated; the server checks the same rules whatever was sent.
 */
export function ImportForm({ counts, saved, submitting }: { counts: ImportCounts; saved: "live" | "draft"; submitting: boolean }) {
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
export function ConfirmLive({ count, submitting }: { count: number; submitting: boolean }) {
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
