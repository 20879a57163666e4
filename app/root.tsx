import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, data, isRouteErrorResponse, useNavigate } from "react-router";
import type { Route } from "./+types/root";
import { getOptionalUser, publicUser, sessionCookieUpdates } from "~/domain/auth/session.server";
import type { RootData } from "~/domain/root-data";
import { publicEnv } from "~/lib/env.server";
import { readFlash } from "~/domain/flash.server";
import { useNonce } from "~/lib/csp-nonce";
import { themeScript } from "~/lib/theme";
import { earlyClickScript } from "~/lib/early-clicks";
import { NotFoundState, PAGE_NOT_FOUND_MESSAGE } from "~/components/not-found-state";
import { PageLinkNavigate } from "~/components/ui/page-link";
import { THEME_COLOR } from "~/features/pwa/pwa";
import { ServiceWorkerUpdates } from "~/features/pwa/components/service-worker-updates";
// The stylesheet as a URL rather than a side-effect import (decision 063): as a side effect it was
// attached to the shared chunk every lazy part imports, so the first part to load added the same
// stylesheet a second time, and the browser restyled and laid out the whole page again.
import stylesheet from "./app.css?url";

export async function loader({ request, context }: Route.LoaderArgs) {
  // With the context, the page's loader shares this session lookup (app/domain/auth/session.server.ts).
  const [user, { flash, clear }] = await Promise.all([getOptionalUser(request, context), readFlash(request)]);
  const body = { env: publicEnv(), user: publicUser(user), flash } satisfies RootData;
  const cookies = [...(await sessionCookieUpdates(request, context)), ...(clear ? [clear] : [])];
  if (!cookies.length) return body;
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return data(body, { headers });
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  // <Scripts> and <ScrollRestoration> take the nonce from ServerRouter (app/entry.server.tsx).
  const nonce = useNonce();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        {/* The theme before first paint, then clicks before hydration shown and held (decision 080).
            Only the server renders their text: a script React renders on the client never runs, so
            the text stays out of every page's JavaScript (one element: every byte here is on every page). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? `${themeScript}\n${earlyClickScript}` : "" }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-background text-foreground antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // A marker that the page is interactive, for end-to-end tests and for styles that need JavaScript.
  // Parts whose code loads after the page's (app/components/deferred-part.tsx) set it when the last
  // of them has hydrated: they are still counted in toolnestPendingParts here.
  useEffect(() => {
    if (!(window as Window & { toolnestPendingParts?: number }).toolnestPendingParts) document.documentElement.dataset.hydrated = "true";
  }, []);
  const navigate = useNavigate();
  return (
    <PageLinkNavigate value={navigate}>
      <Outlet />
      <ServiceWorkerUpdates />
    </PageLinkNavigate>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? "Page Not Found" : "Something went wrong";
  const text =
    status === 404
      ? PAGE_NOT_FOUND_MESSAGE
      : "An unexpected error occurred. Please try again later.";
  return (
    <>
      <title>{title}</title>
      <NotFoundState as="main" title={title} message={text} className="min-h-[60vh] p-6" reloadHome />
    </>
  );
}
