import { useEffect } from "react";

/**
 * Registers /service-worker.js (production builds only) and turns a new version into the spec's
 * notice and a reload, held while a form is being edited. Renders nothing. The work is in
 * service-worker-client.ts, loaded after the page's own loading: none of it is needed before
 * (decision 052, the JavaScript budget).
 */
export function ServiceWorkerUpdates() {
  useEffect(() => {
    if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
    const controller = new AbortController();
    // Never an uncaught error on the page: the site works the same without the worker.
    const start = () =>
      void import("../service-worker-client")
        .then(({ startServiceWorker }) => startServiceWorker(controller.signal))
        .catch(() => undefined);
    // After the page's own loading, so the worker's install never competes with it.
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true, signal: controller.signal });
    return () => controller.abort();
  }, []);
  return null;
}
