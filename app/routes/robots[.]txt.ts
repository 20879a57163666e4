import { env } from "~/lib/env.server";

/** Private areas crawlers should leave alone (prefix matches). */
const ROBOTS_DISALLOW = [
  "/admin",
  "/api/",
  "/auth",
  "/login",
  "/profile",
  "/onboarding",
  "/my-products",
  "/submit-product-details",
  "/claim-product",
];

function robotsTxt(appUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${appUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

export function loader() {
  return new Response(robotsTxt(env().APP_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
