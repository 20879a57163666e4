import { BugIcon } from "lucide-react";
import { useState } from "react";
import { DataTable } from "~/components/admin/data-table";
import { Button } from "~/components/ui/button";
import type { ErrorLogItem } from "../admin";

/** What the tester throws; the dashboard's error boundary recognises it by its name. */
export const BOUNDARY_TEST_ERROR = "ErrorBoundaryTest";
export const BOUNDARY_TEST_MESSAGE = "Error boundary test: this error was thrown on purpose from Debug Tools.";

function Thrower(): never {
  const error = new Error(BOUNDARY_TEST_MESSAGE);
  error.name = BOUNDARY_TEST_ERROR;
  throw error;
}

const timeFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** The Debug Tools tab: the error-boundary tester and the most recent server errors. */
export function DebugTools({ errors, keep, perMinute }: { errors: ErrorLogItem[]; keep: number; perMinute: number }) {
  const [broken, setBroken] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      <h2 className="sr-only">Debug Tools</h2>
      <section aria-labelledby="tester-heading" className="flex flex-col items-start gap-3 rounded-lg border bg-card p-4 shadow-sm">
        <h3 id="tester-heading" className="font-semibold">
          Error boundary tester
        </h3>
        <p className="text-sm text-muted-foreground">
          Makes a component on this page fail while rendering, to check that the page's error boundary catches it and offers a way
          back. Nothing is written and nothing is sent to the server.
        </p>
        <Button variant="destructive" onClick={() => setBroken(true)}>
          <BugIcon aria-hidden />
          Throw a test error
        </Button>
        {broken ? <Thrower /> : null}
      </section>
      <section aria-labelledby="error-log-heading" className="rounded-lg border bg-card shadow-sm">
        <div className="flex flex-col gap-1 border-b p-4">
          <h3 id="error-log-heading" className="font-semibold">
            Error log
          </h3>
          <p className="text-sm text-muted-foreground">
            The most recent server errors (answers with a 5xx status), newest first. Messages are cut to their first line with
            secrets removed; the newest {keep} are kept, at most {perMinute} a minute are recorded. Times are UTC.
          </p>
        </div>
        {errors.length ? (
          <DataTable
            rows={errors}
            caption="Recorded errors"
            framed={false}
            columns={[
              {
                header: "Time",
                className: "whitespace-nowrap tabular-nums",
                cell: (row) => <time dateTime={row.created_at}>{timeFormat.format(new Date(row.created_at))}</time>,
              },
              { header: "Method", className: "font-mono text-xs", cell: (row) => row.method },
              { header: "Path", className: "max-w-56 font-mono text-xs break-all", cell: (row) => row.path },
              { header: "Status", className: "tabular-nums", cell: (row) => row.status },
              { header: "Message", className: "break-words", cell: (row) => row.message },
            ]}
          />
        ) : (
          <p className="p-4 text-sm text-muted-foreground">No server errors recorded.</p>
        )}
      </section>
    </div>
  );
}
