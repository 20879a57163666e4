import { Suspense, use, useId, useLayoutEffect, type HTMLAttributes, type ReactNode } from "react";

/**
 * A part of a server-rendered page that hydrates when it is about to be seen, not with the rest of
 * the page (decision 068): the cards below the fold and the category sidebar, which a phone does
 * not show. Until then React keeps the server's HTML as it is (a Suspense boundary whose content
 * suspends while it hydrates), so the page's first hydration, which blocks the main thread, does a
 * fraction of the work, and the rest follows in small tasks.
 *
 * A part hydrates, whichever comes first:
 * - when it comes within a screen of the viewport (an IntersectionObserver);
 * - when the pointer or the focus enters it (React then replays the event on the hydrated part);
 * - on the visitor's first press of a button, key or touch anywhere: every part is released at
 *   once, so that the update the press causes (a navigation, a fetch's state) finds nothing still
 *   dehydrated, which React would otherwise have to render again on the client or wait for;
 * - in the browser's idle time after the page has hydrated, one part per idle period, top to bottom.
 *
 * Rendered on the client without server HTML (a client-side navigation, Load More), it renders at
 * once. The element that carries the part (`as`) is hydrated with the page; keep what re-renders
 * it stable (memo with stable props), as a dehydrated part that receives new props is rendered
 * again on the client.
 */
export function HydrateOnSight({ as: Tag = "div", children, ...props }: { as?: "div" | "li"; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  const id = useId();
  return (
    <Tag {...props} {...{ [ATTRIBUTE]: id }}>
      <Suspense fallback={null}>
        <Gate id={id}>{children}</Gate>
      </Suspense>
    </Tag>
  );
}

const ATTRIBUTE = "data-hydrate-on-sight";

/** React reads a promise's `status` and `value` before it waits for it (the protocol `use` follows). */
type Thenable = Promise<void> & { status?: string; value?: undefined };
interface Part {
  element: Element;
  promise: Thenable;
  open: () => void;
  opened: boolean;
}

const parts = new Map<string, Part>();
/** Parts not opened yet, in the order the page lists them. */
const waiting: Part[] = [];
let observer: IntersectionObserver | undefined;
let idleScheduled = false;

/**
 * Set by the visitor's first press: from then on every part hydrates as soon as React reaches it,
 * including those React has not started on yet (it hydrates Suspense boundaries in a pass of their
 * own after the page's, so an early press can come before a part's gate exists).
 */
let released = false;
/** Parts the pointer or the focus entered before React first reached them. */
const wanted = new Set<string>();

function Gate({ id, children }: { id: string; children: ReactNode }) {
  if (typeof document !== "undefined" && !released && !wanted.has(id)) {
    const part = parts.get(id) ?? dehydratedPart(id);
    if (part && !part.opened) use(part.promise as Promise<void>);
  }
  return (
    <>
      {children}
      <PartHydrated id={id} />
    </>
  );
}

/** Parts React has hydrated or rendered, and what waits for one to be. */
const hydrated = new Set<string>();
const whenHydrated = new Map<string, (() => void)[]>();

function PartHydrated({ id }: { id: string }) {
  useLayoutEffect(() => {
    hydrated.add(id);
    // After React's commit, not inside it: the held click then runs as any other event.
    whenHydrated.get(id)?.forEach((run) => setTimeout(run, 0));
    whenHydrated.delete(id);
  }, [id]);
  return null;
}

/** The part for server HTML still waiting to hydrate, or null when React renders this one itself. */
function dehydratedPart(id: string): Part | null {
  const element = document.querySelector(`[${ATTRIBUTE}="${CSS.escape(id)}"]`);
  // A boundary the server rendered starts with its <!--$--> marker; one React renders in the
  // browser has none (and is not in the document yet while it first renders).
  const marker = element?.firstChild;
  if (!element || !marker || marker.nodeType !== Node.COMMENT_NODE || (marker as Comment).data !== "$") return null;
  let resolve!: () => void;
  const promise: Thenable = new Promise<void>((done) => (resolve = done));
  const part: Part = {
    element,
    promise,
    opened: false,
    open() {
      if (part.opened) return;
      part.opened = true;
      // Fulfilled now, not a microtask later: React reads `status` when it hydrates the part
      // synchronously for an event, within this very event's dispatch.
      promise.status = "fulfilled";
      promise.value = undefined;
      resolve();
      observer?.unobserve(element);
      const index = waiting.indexOf(part);
      if (index >= 0) waiting.splice(index, 1);
    },
  };
  parts.set(id, part);
  waiting.push(part);
  watch(part);
  return part;
}

function watch(part: Part) {
  if (typeof IntersectionObserver === "undefined") return part.open();
  if (!observer) {
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) partOf(entry.target)?.open();
      },
      { rootMargin: "100% 0px" },
    );
  }
  observer.observe(part.element);
  scheduleIdle();
}

function partOf(node: EventTarget | null): Part | undefined {
  const id = idOf(node);
  return id ? parts.get(id) : undefined;
}

function idOf(node: EventTarget | null) {
  const element = node instanceof Element ? node.closest(`[${ATTRIBUTE}]`) : null;
  return element?.getAttribute(ATTRIBUTE) ?? undefined;
}

function openAll() {
  released = true;
  [...waiting].forEach((part) => part.open());
}

/**
 * A click on a part still waiting to hydrate is held and clicked again once the part has hydrated.
 * React tries to hydrate the part during the click itself, but that fails when the page is busy
 * (seen on a CPU slowed six times): it would then drop the click, and a button would do nothing.
 */
function holdClick(event: Event) {
  openAll();
  const id = idOf(event.target);
  // A click with a modifier or another button is the browser's (a new tab): the page's own code
  // handles plain clicks only.
  if (!id || hydrated.has(id) || !(event instanceof MouseEvent) || event.button !== 0) return;
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  const target = event.target as Element;
  event.preventDefault();
  event.stopImmediatePropagation();
  wanted.add(id);
  parts.get(id)?.open();
  const again = () => target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, composed: true, view: window, detail: event.detail }));
  whenHydrated.set(id, [...(whenHydrated.get(id) ?? []), again]);
}

function openTarget(event: Event) {
  const id = idOf(event.target);
  if (!id) return;
  wanted.add(id);
  parts.get(id)?.open();
}

/**
 * On window, in the capture phase: before React's own listeners on the document see the event.
 * From the start, as a press can come before React has reached any part.
 */
if (typeof window !== "undefined") {
  const options = { capture: true, passive: true };
  for (const type of ["pointerdown", "mousedown", "touchstart", "keydown", "input", "change"]) window.addEventListener(type, openAll, options);
  window.addEventListener("click", holdClick, { capture: true });
  for (const type of ["pointerover", "mouseover", "focusin"]) window.addEventListener(type, openTarget, options);
}

/**
 * One part per idle period, top to bottom, once the page has hydrated: its lazily loaded parts too
 * (html[data-hydrated]), which a failed chunk load can keep from ever happening, so the wait is
 * bounded rather than an idle callback forever.
 */
let idleWaits = 0;
function scheduleIdle() {
  if (idleScheduled) return;
  idleScheduled = true;
  const next = () => {
    idleScheduled = false;
    if (document.documentElement.dataset.hydrated === undefined && ++idleWaits < 100) return scheduleIdle();
    waiting[0]?.open();
    if (waiting.length) scheduleIdle();
  };
  if ("requestIdleCallback" in window) requestIdleCallback(next, { timeout: 1000 });
  else setTimeout(next, 50);
}
