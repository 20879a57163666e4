/**
 * A post-sign-in path is honoured only when it is a path on this site: one leading "/", never
 * "//" or "/\" (protocol-relative), no scheme, no control characters and no backslashes.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  // Encoded slashes and backslashes can turn into "//" after a later decoding step.
  // eslint-disable-next-line no-control-regex
  if (decoded.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(decoded)) return fallback;
  const parsed = new URL(value, "http://toolnest.invalid");
  if (parsed.origin !== "http://toolnest.invalid") return fallback;
  return value;
}

/** The path and query of a request, for `?redirectTo=`. */
export function currentPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}
