/** GET /manifest.webmanifest: issue 17 fills this in. */
export function loader() {
  return new Response(JSON.stringify({ name: "Toolnest", start_url: "/", display: "standalone" }), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
