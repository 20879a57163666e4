/** A form's answer on the import pages: its message in a live status region, its error as an alert. */
export function ActionResult({ result }: { result: { error?: string; message?: string } | null }) {
  return (
    <>
      <div role="status" aria-live="polite">
        {result?.message ? <p className="rounded-md border bg-card p-3 text-sm">{result.message}</p> : null}
      </div>
      {result?.error ? (
        <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive dark:text-red-300">
          {result.error}
        </p>
      ) : null}
    </>
  );
}
