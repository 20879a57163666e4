/** The web app manifest (GET /manifest.webmanifest): the site's configured name and our icons. */
export const THEME_COLOR = "#4338ca";
export const BACKGROUND_COLOR = "#ffffff";

export function webManifest(siteName: string) {
  return {
    name: siteName,
    short_name: siteName.length > 12 ? siteName.slice(0, 12).trim() : siteName,
    description: `${siteName}: a directory of software tools, apps and communities.`,
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
