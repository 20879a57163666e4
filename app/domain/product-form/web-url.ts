/**
 * Web addresses typed into product forms (My Products, the wizard, the admin form). No `.server`:
 * the form schemas that use it also run in the browser (decision 031).
 */

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
export const URL_MAX = 2048;
/** A file this site stored (Fetch Logo on the local storage answers `/uploads/logos/…`). */
export const OWN_UPLOAD = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

/** An http(s) URL with a dotted host, `https://` added when there is no scheme; null if not one. */
export function normalizeWebUrl(text: string): string | null {
  const candidate = SCHEME.test(text) ? text : `https://${text}`;
  if (candidate.length > URL_MAX || /\s/.test(candidate)) return null;
  try {
    const url = new URL(candidate);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (url.username || url.password || !url.hostname.includes(".") || url.hostname.endsWith(".")) return null;
    return url.href;
  } catch {
    return null;
  }
}
