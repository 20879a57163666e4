import { Suspense, use, useEffect, useState, type ComponentType } from "react";

/**
 * A part of the page whose code is not in the page's first JavaScript (decision 052). The server
 * renders it as usual; in the browser React keeps that HTML as it is (no flash, no layout shift)
 * and hydrates the part once its chunk has loaded. Once the page is interactive, every part known
 * so far is fetched in the background, and a part first used later (a client-side navigation)
 * starts loading with its route: it then renders at once rather than popping in.
 *
 * Call it as `import.meta.env.SSR ? ssrPart(Part) : deferredPart(() => import("./part").then((m) => m.Part))`:
 * the build then drops the static import from the browser's bundle and the dynamic one from the server's.
 */
export function deferredPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Part: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (loading ??= load().then((component) => {
      Part = component;
      return component;
    }));
  if (pageInteractive()) void start();
  else waitingToPrefetch.push(start);

  function Loaded(props: P) {
    useEffect(() => partHydrated(), []);
    const Component = Part ?? use(start());
    return <Component {...props} />;
  }
  return function DeferredPart(props: P) {
    // Counted once per part of the first hydration (see partHydrated); later ones render as soon as loaded.
    useState(() => {
      if (!pageInteractive() && !Part) parts().toolnestPendingParts = (parts().toolnestPendingParts ?? 0) + 1;
    });
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

/** The server's side of deferredPart: the same Suspense boundary around the part, rendered at once. */
export function ssrPart<P extends object>(Part: ComponentType<P>): ComponentType<P> {
  return function DeferredPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}

/**
 * Parts rendered by the first hydration and not hydrated yet. root.tsx marks the page interactive
 * (html[data-hydrated]) when none is left, so this lives on window: root.tsx then needs no import
 * of this module, which pages without a deferred part never load.
 */
type PartsWindow = Window & { toolnestPendingParts?: number };
const parts = () => window as PartsWindow;
const pageInteractive = () => document.documentElement.dataset.hydrated !== undefined;
const waitingToPrefetch: (() => unknown)[] = [];

function partHydrated() {
  const pending = parts().toolnestPendingParts ?? 0;
  if (!pending) return;
  parts().toolnestPendingParts = pending - 1;
  if (pending === 1) {
    document.documentElement.dataset.hydrated = "true";
    // The page is interactive: fetch the other parts while the visitor reads.
    const prefetch = () => waitingToPrefetch.splice(0).forEach((start) => start());
    if ("requestIdleCallback" in window) requestIdleCallback(prefetch);
    else setTimeout(prefetch, 200);
  }
}
