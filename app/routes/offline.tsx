import { Link } from "react-router";

export function meta() {
  return [{ title: "Offline" }, { name: "robots", content: "noindex" }];
}

/**
 * Shown by the service worker (decision 050) in place of a page that was not kept for offline use
 * while the network is down. Saved once, without cookies, when the worker installs.
 */
export default function Offline() {
  return (
    <div className="mx-auto max-w-xl py-12 text-center">
      <h1 className="text-2xl font-semibold">You are offline</h1>
      <p className="mt-4 text-muted-foreground">
        This page has not been saved for offline use. Pages you have already visited still open; reconnect to see the rest.
      </p>
      <p className="mt-6">
        <Link to="/" reloadDocument className="font-medium text-primary underline underline-offset-4">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
