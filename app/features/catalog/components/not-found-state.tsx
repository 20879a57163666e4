import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundState, PAGE_NOT_FOUND_MESSAGE } from "~/components/not-found-state";

/** A route's error boundary: its own not-found message, or a friendly failure. */
export function CatalogErrorBoundary({ notFoundTitle }: { notFoundTitle: string }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const message = (error.data as { message?: string } | undefined)?.message ?? PAGE_NOT_FOUND_MESSAGE;
    return (
      <>
        <title>{notFoundTitle}</title>
        <meta name="robots" content="noindex" />
        <NotFoundState title={notFoundTitle} message={message} />
      </>
    );
  }
  return (
    <>
      <title>Error loading products</title>
      <NotFoundState title="Error loading products" message="Please try refreshing the page." />
    </>
  );
}
