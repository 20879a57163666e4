import { useEffect } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { ACTIVE_STATES, COUNT_LABELS, type ProgressData, STATE_LABELS } from "../catalog-import";

const n = (value: number) => value.toLocaleString("en");
const capital = (label: string) => label[0]!.toUpperCase() + label.slice(1);

function duration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min ${s % 60} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** Reloads the page's data every second while the import runs (and the tab is visible). */
function useLiveProgress(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}

/** /admin/imports/{import}: live progress, cancel, and the summary with the rejected rows at the end. */
export function ImportProgress({ data, result }: { data: ProgressData; result: { error?: string; message?: string } | null }) {
  const { summary } = data;
  const active = ACTIVE_STATES.includes(summary.state);
  useLiveProgress(active);
  const navigation = useNavigation();
  const total = summary.rowsTotal;
  const percent = total ? Math.min(100, Math.round((summary.rowsDone / total) * 100)) : 0;
  const finished = !active;
  return (
    <div className="space-y-6">
      {/* A file's name may be one long word: it breaks rather than widen the page. */}
      <header className="space-y-1 [overflow-wrap:anywhere]">
        <h1 className="text-2xl font-bold tracking-tight">Import of {summary.fileName}</h1>
        <p className="text-sm text-muted-foreground">
          Uploaded by {summary.adminEmail} on {new Date(summary.createdAt).toLocaleString("en")}. Products are imported as{" "}
          {summary.productStatus === "live" ? "Published" : "Draft"}.
        </p>
      </header>

      <section aria-labelledby="progress-title" className="space-y-3 rounded-lg border bg-card p-4">
        <h2 id="progress-title" className="text-lg font-semibold">
          {STATE_LABELS[summary.state]}
        </h2>
        <div
          role="progressbar"
          aria-label="Rows done"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={summary.rowsDone}
          aria-valuetext={`${n(summary.rowsDone)} of ${n(total)} rows`}
          className="h-3 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Stat label="Rows done" value={`${n(summary.rowsDone)} of ${n(total)}`} />
          <Stat label="Rows per second" value={data.rate === null ? "–" : n(Math.round(data.rate))} />
          <Stat label="With problems so far" value={n(summary.rowsFailed)} />
          <Stat label={finished ? "Time taken" : "Time left"} value={finished ? (data.elapsedSeconds === null ? "–" : duration(data.elapsedSeconds)) : data.secondsLeft === null ? "–" : duration(data.secondsLeft)} />
        </dl>
        <div role="status" aria-live="polite" className="text-sm">
          {result?.message ?? null}
        </div>
        {result?.error ? (
          <p role="alert" className="text-sm text-destructive dark:text-red-300">
            {result.error}
          </p>
        ) : null}
        {active ? (
          <Form method="post">
            <Button type="submit" name="intent" value="cancel" variant="destructive" disabled={navigation.state === "submitting"}>
              Cancel import
            </Button>
          </Form>
        ) : null}
      </section>

      {finished ? (
        <section aria-labelledby="summary-title" className="space-y-3 rounded-lg border bg-card p-4">
          <h2 id="summary-title" className="text-lg font-semibold">
            Summary
          </h2>
          {summary.error ? (
            <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive dark:text-red-300">
              {summary.error}
            </p>
          ) : null}
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
            <Stat label="Imported" value={n(data.outcomes?.imported ?? summary.rowsImported)} />
            <Stat label={capital(COUNT_LABELS.duplicates)} value={n(data.outcomes?.duplicates ?? 0)} />
            <Stat label={capital(COUNT_LABELS.problems)} value={n(data.outcomes?.problems ?? 0)} />
            <Stat label={capital(COUNT_LABELS.excluded)} value={n(data.outcomes?.excluded ?? 0)} />
            <Stat label="Not processed" value={n(data.outcomes?.notProcessed ?? Math.max(0, total - summary.rowsDone))} />
          </dl>
          <div className="flex flex-wrap gap-2">
            {data.rejected > 0 ? (
              <a href={`/admin/imports/${summary.id}/rejected.csv`} download className={buttonVariants({ variant: "outline" })}>
                Download rejected rows ({n(data.rejected)})
              </a>
            ) : null}
            {data.rejected > 0 ? (
              <p className="basis-full text-sm text-muted-foreground">The rejected rows file lists the duplicates, the rows with problems and the excluded rows, each with its reason.</p>
            ) : null}
            <Link to="/admin/products/new?tab=csv" className={buttonVariants({ variant: "outline" })}>
              Upload another file
            </Link>
            <Link to="/admin/imports" className={buttonVariants({ variant: "ghost" })}>
              All imports
            </Link>
          </div>
        </section>
      ) : null}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-base font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
