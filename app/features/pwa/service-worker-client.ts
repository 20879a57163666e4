/**
 * The service worker's page side (loaded by service-worker-updates.tsx once the page has loaded,
 * so none of it is in the page's first JavaScript): registers /service-worker.js and turns a new
 * version into the spec's notice and a reload, held while a form is being edited.
 */
import { notify } from "~/components/toaster";
import { watchDirtyForms, type DirtyForms } from "./dirty-forms";

/** The spec's notice, shown for this long before the page reloads into the new version. */
export const NEW_VERSION_MESSAGE = "New version available! Refreshing...";
export const NOTICE_MS = 3000;
export const UPDATE_CHECK_MS = 15 * 60 * 1000;
/** A held notice also looks again this often, for forms that leave the page without an event. */
const HOLD_RECHECK_MS = 1000;

export async function startServiceWorker(signal: AbortSignal) {
  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await navigator.serviceWorker.register("/service-worker.js", { scope: "/" });
  } catch {
    return; // Private windows and some browsers refuse: the site works the same without it.
  }
  // Browsers (and automation) that block workers may answer without a registration.
  if (!registration || signal.aborted) return;
  followLinksAsDocumentsWhileOffline(signal);
  const forms = watchDirtyForms();
  signal.addEventListener("abort", () => forms.stop());
  const updates = new UpdateNotice(forms, signal);

  // The page the visitor landed on was fetched before the worker existed: offer it for keeping.
  void navigator.serviceWorker.ready.then((ready) => ready.active?.postMessage({ type: "KEEP_PAGE", url: location.href }));

  // A version already waiting (installed while another tab was open) is news only to a controlled page.
  if (registration.waiting && navigator.serviceWorker.controller) updates.found(registration.waiting);
  registration.addEventListener(
    "updatefound",
    () => {
      const worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", () => {
        // Without a controller this is the first install, not a new version.
        if (worker.state === "installed" && navigator.serviceWorker.controller) updates.found(worker);
      });
    },
    { signal },
  );
  const timer = window.setInterval(() => {
    if (navigator.onLine) registration?.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
  signal.addEventListener("abort", () => window.clearInterval(timer));
}

/**
 * Offline, a client-side navigation would fetch the next route's data, which the worker does not
 * keep (it keeps documents): a same-site link is then loaded as a document instead, which the
 * worker answers with its kept copy or the offline page.
 */
function followLinksAsDocumentsWhileOffline(signal: AbortSignal) {
  document.addEventListener(
    "click",
    (event) => {
      if (navigator.onLine || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const url = new URL(link.href);
      if (url.origin !== location.origin || (url.pathname === location.pathname && url.search === location.search && url.hash)) return;
      event.preventDefault();
      location.assign(url.href);
    },
    { capture: true, signal },
  );
}

class UpdateNotice {
  private waiting: ServiceWorker | null = null;
  private announcing = false;
  private recheck: number | undefined;

  constructor(
    private readonly forms: DirtyForms,
    private readonly signal: AbortSignal,
  ) {
    forms.onChange(() => this.tryAnnounce());
    signal.addEventListener("abort", () => window.clearInterval(this.recheck));
  }

  found(worker: ServiceWorker) {
    this.waiting = worker;
    this.tryAnnounce();
  }

  private tryAnnounce() {
    if (!this.waiting || this.announcing || this.signal.aborted) return;
    if (this.forms.isDirty()) {
      this.recheck ??= window.setInterval(() => this.tryAnnounce(), HOLD_RECHECK_MS);
      return;
    }
    window.clearInterval(this.recheck);
    this.recheck = undefined;
    this.announcing = true;
    notify.info(NEW_VERSION_MESSAGE, { duration: NOTICE_MS, id: "new-version" });
    window.setTimeout(() => {
      this.announcing = false;
      // Someone started typing during the notice: hold again until the form is submitted or cleaned.
      if (this.forms.isDirty()) return this.tryAnnounce();
      this.activate();
    }, NOTICE_MS);
  }

  private activate() {
    const worker = this.waiting;
    if (!worker) return;
    let reloaded = false;
    const reload = () => {
      if (reloaded) return;
      reloaded = true;
      location.reload();
    };
    navigator.serviceWorker.addEventListener("controllerchange", reload, { once: true });
    worker.addEventListener("statechange", () => worker.state === "activated" && reload());
    // The new worker deletes the older version's caches as it activates (the spec's "cache is cleared").
    worker.postMessage({ type: "SKIP_WAITING" });
  }
}
