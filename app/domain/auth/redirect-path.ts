/**
 * A post-sign-in path is honoured only when it is a path on this site: one leading "/", never
 * "//" or "/\" (protocol-relative), no scheme, no control characters and no backslashes.
 * Characters outside printable ASCII come back percent-encoded (UTF-8), so the result always fits
 * in a Location header (which cannot hold "€", say) and means the same to the browser.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  let encoded: string;
  let decoded: string;
  try {
    // A lone surrogate has no UTF-8 form: encodeURIComponent throws, like a broken %-sequence below.
    encoded = value.replace(/[^\x21-\x7e]+/g, (run) => encodeURIComponent(run));
    decoded = decodeURIComponent(encoded);
  } catch {
    return fallback;
  }
  // Encoded slashes and backslashes can turn into "//" after a later decoding step.
  // eslint-disable-next-line no-control-regex
  if (encoded.length > 2048 || decoded.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(decoded)) return fallback;
  const parsed = new URL(encoded, "http://toolnest.invalid");
  if (parsed.origin !== "http://toolnest.invalid") return fallback;
  return encoded;
}

/** The path and query of a request, for `?redirectTo=`. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}
