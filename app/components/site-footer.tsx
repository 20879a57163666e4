import { deferredPart, ssrPart } from "./deferred-part";
import { SiteFooterContent } from "./site-footer-content";

// Other pages (about, the Feedback dialog) take the site's addresses from here.
export { siteEmail } from "./site-email";

/**
 * The site's footer (site-footer-content.tsx): below the fold on every page and only links, so its
 * code loads after the page's first JavaScript; the server renders it as usual (decision 052).
 */
export const SiteFooter = import.meta.env.SSR
  ? ssrPart(SiteFooterContent)
  : deferredPart(() => import("./site-footer-content").then((m) => m.SiteFooterContent));
