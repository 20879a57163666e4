/** GET /service-worker.js: issue 17 fills this in (the spec's worker). */
export function loader() {
  return new Response("// Toolnest service worker\n", {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache", "Service-Worker-Allowed": "/" },
  });
}
