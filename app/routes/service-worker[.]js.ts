import { buildVersion } from "~/features/pwa/build-version.server";
import { serviceWorkerSource } from "~/features/pwa/service-worker-source.server";

/**
 * GET /service-worker.js: the worker script (decision 050). `private, no-cache` keeps it out of
 * the page cache and shared caches, so a deploy is seen by the next update check.
 */
export function loader() {
  return new Response(serviceWorkerSource(buildVersion()), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "private, no-cache, max-age=0",
      "Service-Worker-Allowed": "/",
    },
  });
}
