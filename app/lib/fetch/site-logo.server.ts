/**
 * Fetch Logo: finds a website's icon on the server, checks it by content, and stores a normalised
 * copy (128 x 128 WebP, no metadata) through the storage adapter, so listings never hot-link.
 * Order: the page's own <link rel=icon>/apple-touch-icon (largest first), then /favicon.ico, then
 * a failure carrying a letter placeholder the caller may show. See docs/decisions/030-safe-fetcher.md.
 */
import crypto from "node:crypto";
import type { Sharp } from "sharp";
import { loadSharp } from "~/lib/sharp.server";
import { logger } from "../logger.server";
import type { Storage } from "../storage/storage.server";
import { largestIcoImage, looksLikeIco } from "./ico.server";
import { findIconLinks } from "./icon-links";
import { FetchRefused, safeFetch, type SafeFetch } from "./safe-fetch.server";

export const LOGO_URL_REQUIRED_MESSAGE = "Please enter a website URL first";
export const LOGO_FETCH_FAILED_MESSAGE = "Failed to fetch logo. Please enter a URL manually.";
export const LOGO_SIZE = 128;

/** Only the <head> matters; a larger page is read this far and no further. */
const PAGE_MAX_BYTES = 512 * 1024;
/** Favicons are small; this refuses image bombs before decoding (4096 x 4096). */
const MAX_INPUT_PIXELS = 4096 * 4096;
/** Formats sharp decodes that we accept. SVG is refused: rendering it runs librsvg on hostile XML. */
const ACCEPTED_FORMATS = new Set(["png", "jpeg", "webp", "gif", "avif"]);

export interface LogoPlaceholder {
  letter: string;
  /** A self-contained SVG made here (never from fetched bytes); safe to inline or store. */
  svg: string;
  dataUrl: string;
}

export type SiteLogoResult =
  | { ok: true; url: string; key: string; source: string }
  | { ok: false; message: string; reason: string; placeholder: LogoPlaceholder | null };

export interface SiteLogoOptions {
  /** Tests pass a fetcher with the loopback allowance; production uses the default. */
  fetcher?: SafeFetch;
  /** Whole operation: the page and every icon tried. */
  timeoutMs?: number;
  /** Icons tried at most, /favicon.ico included. */
  maxAttempts?: number;
}

export async function fetchSiteLogo(
  websiteUrl: string,
  storage: Pick<Storage, "putObject">,
  { fetcher = safeFetch, timeoutMs = 10_000, maxAttempts = 4 }: SiteLogoOptions = {},
): Promise<SiteLogoResult> {
  const trimmed = websiteUrl.trim();
  if (!trimmed) return { ok: false, message: LOGO_URL_REQUIRED_MESSAGE, reason: "empty", placeholder: null };
  const site = parseWebsite(trimmed);
  if (!site) return failure("invalid url", null);

  const signal = AbortSignal.timeout(timeoutMs);
  const { pageUrl, icons } = await discoverIcons(site, fetcher, signal);
  const candidates = [...new Set([...icons.slice(0, maxAttempts - 1), new URL("/favicon.ico", pageUrl).href])];

  let reason = "no icon";
  for (const candidate of candidates) {
    try {
      const response = await fetcher(candidate, { accept: "image/*", signal });
      const webp = await normalizeLogo(response.body);
      if (!webp) throw new FetchRefused("not an image", response.url);
      const key = `logos/${crypto.createHash("sha256").update(webp).digest("hex").slice(0, 32)}.webp`;
      return { ok: true, url: await storage.putObject(key, webp, "image/webp"), key, source: response.url };
    } catch (error) {
      if (!(error instanceof FetchRefused)) {
        logger().error({ err: error, site: site.href }, "storing a fetched logo failed");
        return failure("storage failed", site);
      }
      reason = error.reason;
    }
  }
  return failure(reason, site);
}

/** What the maker typed, with https:// added when there is no scheme (as the product form does). */
function parseWebsite(text: string): URL | null {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** The page's declared icons; a page that cannot be read still leaves /favicon.ico to try. */
async function discoverIcons(site: URL, fetcher: SafeFetch, signal: AbortSignal): Promise<{ pageUrl: string; icons: string[] }> {
  try {
    const page = await fetcher(site, { accept: "text/html,application/xhtml+xml", maxBytes: PAGE_MAX_BYTES, truncate: true, signal });
    return { pageUrl: page.url, icons: findIconLinks(page.body.toString("utf8"), page.url) };
  } catch (error) {
    if (!(error instanceof FetchRefused)) throw error;
    return { pageUrl: site.href, icons: [] };
  }
}

function failure(reason: string, site: URL | null): SiteLogoResult {
  return { ok: false, message: LOGO_FETCH_FAILED_MESSAGE, reason, placeholder: site ? logoPlaceholder(site.hostname) : null };
}

/**
 * The stored form of an icon, or null when the bytes are not an accepted image: read by content
 * (never by the declared type or file name), decoded within a pixel cap, fitted into 128 x 128 on
 * a transparent square and re-encoded as WebP, which drops all metadata.
 */
export async function normalizeLogo(bytes: Buffer): Promise<Buffer | null> {
  try {
    const image = await decodable(bytes);
    if (!image) return null;
    return await image
      .resize(LOGO_SIZE, LOGO_SIZE, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: 90 })
      .toBuffer();
  } catch {
    // Truncated or corrupt images pass the header check and fail while decoding.
    return null;
  }
}

async function decodable(bytes: Buffer): Promise<Sharp | null> {
  const sharp = await loadSharp();
  if (looksLikeIco(bytes)) {
    const icon = largestIcoImage(bytes);
    if (!icon) return null;
    if (icon.kind === "raw") return sharp(icon.data, { raw: { width: icon.width, height: icon.height, channels: 4 } });
    bytes = icon.data;
  }
  const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  // AVIF is reported as HEIF with the AV1 codec; other HEIF (HEIC) is refused.
  const format = metadata.format === "heif" && metadata.compression === "av1" ? "avif" : metadata.format;
  if (!format || !ACCEPTED_FORMATS.has(format)) return null;
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS });
}

const PLACEHOLDER_COLORS = ["#4f46e5", "#0f766e", "#b45309", "#be123c", "#7c3aed", "#1d4ed8", "#15803d", "#9d174d"];

/** A letter avatar for a site (first letter or digit of its name); the caller may show or store it. */
export function logoPlaceholder(name: string): LogoPlaceholder {
  const bare = name.replace(/^www\./i, "");
  const letter = (/[a-z0-9]/i.exec(bare)?.[0] ?? "?").toUpperCase();
  const hash = crypto.createHash("sha256").update(bare.toLowerCase()).digest();
  const color = PLACEHOLDER_COLORS[hash[0]! % PLACEHOLDER_COLORS.length];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_SIZE}" height="${LOGO_SIZE}" viewBox="0 0 128 128" role="img" aria-label="${letter}">` +
    `<rect width="128" height="128" rx="24" fill="${color}"/>` +
    `<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="64" font-weight="600" fill="#fff">${letter}</text></svg>`;
  return { letter, svg, dataUrl: `data:image/svg+xml,${encodeURIComponent(svg)}` };
}
