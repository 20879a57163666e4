import { webManifest } from "~/features/pwa/pwa";
import { env } from "~/lib/env.server";

/** GET /manifest.webmanifest: the installable app's name (SITE_NAME), colours and icons. */
export function loader() {
  return new Response(JSON.stringify(webManifest(env().SITE_NAME)), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
