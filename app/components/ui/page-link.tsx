import { createContext, useContext, useEffect, useRef, useState, type ComponentProps, type MouseEvent } from "react";
import { PrefetchPageLinks, type NavigateFunction } from "react-router";

/** The router's navigate, provided once by the root route (app/root.tsx) for every PageLink. */
export const PageLinkNavigate = createContext<NavigateFunction | null>(null);

type PageLinkProps = Omit<ComponentProps<"a">, "href"> & {
  /** A path of this site, from its root: `/tag/ai`, `/resources/notion?tab=reviews`. */
  to: string;
  /** "intent": fetch the next page's code and data when the link is pointed at or focused, as Link does. */
  prefetch?: "intent" | "none";
};

/** A plain left click, as React Router's Link takes over: no modifier, no other window. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined) {
  return event.button === 0 && (!target || target === "_self") && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * A link to another page of the site that moves client-side like React Router's Link, for the
 * lists that repeat links by the dozen (cards, tags, the category tree, the footer). Link resolves
 * its path against the route, the location and the basename on every render: about 7 µs each
 * against 0.9 µs for this, on a page of 100-odd links about a tenth of the server's time per
 * request (decision 060). This takes only absolute paths of this site, which need none of that.
 *
 * Like Link it marks itself for lazy route discovery (`data-discover`), and with
 * `prefetch="intent"` it prefetches the page's code and data after 100 ms of hover or focus.
 * Without the root's navigate (a component rendered on its own), a click is a document navigation.
 */
export function PageLink({ prefetch = "none", ...props }: PageLinkProps) {
  const navigate = useContext(PageLinkNavigate);
  if (prefetch === "intent") return <IntentLink navigate={navigate} {...props} />;
  const { to, onClick: _onClick, ...rest } = props;
  return <a {...rest} href={to} data-discover="true" onClick={clickHandler(navigate, props)} />;
}

function clickHandler(navigate: NavigateFunction | null, { to, target, onClick }: Pick<PageLinkProps, "to" | "target" | "onClick">) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !navigate || !isPlainClick(event, target)) return;
    event.preventDefault();
    // As Link: a click on the link to the page already shown replaces its history entry.
    const here = window.location.pathname + window.location.search + window.location.hash;
    void navigate(to, { replace: here === to });
  };
}

/** The caller's handler, then ours. */
function also<E>(theirs: ((event: E) => void) | undefined, ours: () => void) {
  return (event: E) => {
    theirs?.(event);
    ours();
  };
}

/** A PageLink that prefetches on intent, as React Router's `<Link prefetch="intent">`. */
function IntentLink({ navigate, onMouseEnter, onMouseLeave, onFocus, onBlur, ...props }: Omit<PageLinkProps, "prefetch"> & { navigate: NavigateFunction | null }) {
  const [prefetching, setPrefetching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const start = () => {
    if (prefetching) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setPrefetching(true), 100);
  };
  const stop = () => clearTimeout(timer.current);
  const { to, onClick: _onClick, ...rest } = props;
  const link = (
    <a
      {...rest}
      href={to}
      data-discover="true"
      onClick={clickHandler(navigate, props)}
      onMouseEnter={also(onMouseEnter, start)}
      onMouseLeave={also(onMouseLeave, stop)}
      onFocus={also(onFocus, start)}
      onBlur={also(onBlur, stop)}
    />
  );
  return prefetching ? (
    <>
      {link}
      <PrefetchPageLinks page={to} />
    </>
  ) : (
    link
  );
}
