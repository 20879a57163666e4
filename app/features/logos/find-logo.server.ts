/**
 * The spec's favicon chain, run on the server (decision 050): the logo the product names, then
 * the site's own icon (its declared icons, then /favicon.ico: `fetchSiteLogo`), then a favicon
 * service, then a second icon service. Every step goes through the safe fetcher and the content
 * check, and what is kept is our own 128 px WebP in storage. After the chain comes the
 * placeholder, which is not stored: pages draw the monogram for any logo that is not ours.
 */
import crypto from "node:crypto";
import { fetchSiteLogo, normalizeLogo } from "~/lib/fetch/site-logo.server";
import { FetchRefused, safeFetch, type SafeFetch } from "~/lib/fetch/safe-fetch.server";
import type { Storage } from "~/lib/storage/storage.server";

/** Icon services asked after the site itself, in order, by host name. */
export type IconService = (host: string) => string;

export const ICON_SERVICES: readonly IconService[] = [
  (host) => `https://www.google.com/s2/favicons?domain=${encodeURIComponent(host)}&sz=128`,
  (host) => `https://icons.duckduckgo.com/ip3/${encodeURIComponent(host)}.ico`,
];

export interface FindLogoOptions {
  fetcher?: SafeFetch;
  services?: readonly IconService[];
  /** The whole chain for one product. */
  timeoutMs?: number;
}

export type FoundLogo = { ok: true; url: string; source: string } | { ok: false; reason: string };

export async function findProductLogo(
  product: { logo_url: string | null; website_url: string | null },
  storage: Pick<Storage, "putObject">,
  { fetcher = safeFetch, services = ICON_SERVICES, timeoutMs = 20_000 }: FindLogoOptions = {},
): Promise<FoundLogo> {
  const signal = AbortSignal.timeout(timeoutMs);
  let reason = "no logo";
  const tryImage = async (url: string): Promise<FoundLogo | null> => {
    try {
      const response = await fetcher(url, { accept: "image/*", signal });
      const webp = await normalizeLogo(response.body);
      if (!webp) throw new FetchRefused("not an image", response.url);
      return { ok: true, url: await storeLogo(storage, webp), source: response.url };
    } catch (error) {
      if (!(error instanceof FetchRefused)) throw error;
      reason = error.reason;
      return null;
    }
  };

  if (product.logo_url) {
    const named = await tryImage(product.logo_url);
    if (named) return named;
  }
  const host = hostOf(product.website_url);
  if (!host || signal.aborted) return { ok: false, reason };

  const site = await fetchSiteLogo(product.website_url!, storage, { fetcher, timeoutMs: Math.min(10_000, timeoutMs) });
  if (site.ok) return { ok: true, url: site.url, source: site.source };
  if (site.reason === "storage failed") throw new Error("storing a logo failed");
  reason = site.reason;

  for (const service of services) {
    if (signal.aborted) break;
    const found = await tryImage(service(host));
    if (found) return found;
  }
  return { ok: false, reason };
}

/** Content-addressed like Fetch Logo's copies (decision 030): one object per distinct icon. */
async function storeLogo(storage: Pick<Storage, "putObject">, webp: Buffer): Promise<string> {
  const key = `logos/${crypto.createHash("sha256").update(webp).digest("hex").slice(0, 32)}.webp`;
  return storage.putObject(key, webp, "image/webp");
}

function hostOf(website: string | null): string | null {
  const text = website?.trim();
  if (!text) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    return url.protocol === "http:" || url.protocol === "https:" ? url.hostname.replace(/^www\./i, "") : null;
  } catch {
    return null;
  }
}
