import { Link } from "react-router";

export const PAGE_NOT_FOUND_MESSAGE = "The page you're looking for doesn't exist or has been moved.";

const HOME_LINK = "rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground";

/**
 * A not-found (or failure) message with the way back home; `className` sets its height. The root
 * error page renders it as its `main` and goes home with a full page load (`reloadHome`), since
 * the app around it may be what failed.
 */
export function NotFoundState({
  title,
  message,
  className = "min-h-[40vh]",
  as: Box = "div",
  reloadHome = false,
}: {
  title: string;
  message: string;
  className?: string;
  as?: "div" | "main";
  reloadHome?: boolean;
}) {
  return (
    <Box className={`mx-auto flex max-w-xl flex-col items-center justify-center gap-4 text-center ${className}`}>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{message}</p>
      {reloadHome ? (
        <a href="/" className={HOME_LINK}>
          Back to Home
        </a>
      ) : (
        <Link to="/" className={HOME_LINK}>
          Back to Home
        </Link>
      )}
    </Box>
  );
}
