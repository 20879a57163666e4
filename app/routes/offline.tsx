export function meta() {
  return [{ title: "Offline" }, { name: "robots", content: "noindex" }];
}

/** Shown by the service worker for a page not visited before while offline (issue 17 fills this in). */
export default function Offline() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">You are offline</h1>
      <p className="mt-4 text-muted-foreground">This page has not been saved for offline use. Reconnect and try again.</p>
    </main>
  );
}
