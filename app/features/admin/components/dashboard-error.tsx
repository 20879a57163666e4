import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { BOUNDARY_TEST_ERROR } from "./debug-tools";

/**
 * The dashboard's error boundary: the admin shell stays, the dashboard gives way to a message and
 * the way back. The Debug Tools tester's own error says so.
 */
export function DashboardErrorBoundary() {
  const error = useRouteError();
  const isTest = error instanceof Error && error.name === BOUNDARY_TEST_ERROR;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center">
      <title>Dashboard error</title>
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground">
        {isTest
          ? "The error boundary caught the test error from Debug Tools. The rest of the admin area still works."
          : status === 404
            ? "This page could not be found."
            : "The dashboard could not be shown. Please try again."}
      </p>
      {isTest ? <p className="rounded-md border bg-muted px-3 py-2 font-mono text-xs break-words">{(error as Error).message}</p> : null}
      <Link to={isTest ? "/admin/dashboard?tab=debug" : "/admin/dashboard"} className={buttonVariants()}>
        Back to Dashboard
      </Link>
    </div>
  );
}
