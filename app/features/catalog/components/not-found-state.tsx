import { isRouteErrorResponse, Link, useRouteError } from "react-router";

export const PAGE_NOT_FOUND_MESSAGE = "The page you're looking for doesn't exist or has been moved.";

/** A not-found (or failure) message with the way back home; `className` sets its height. */
export function NotFoundState({ title, message, className = "min-h-[40vh]" }: { title: string; message: string; className?: string }) {
  return (
    <div className={`mx-auto flex max-w-xl flex-col items-center justify-center gap-4 text-center ${className}`}>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{message}</p>
      <Link to="/" className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground">
        Back to Home
      </Link>
    </div>
  );
}

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
