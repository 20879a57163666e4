/**
 * localhost, *.localhost, 127.0.0.0/8 and ::1: addresses only this machine can reach. The
 * development sign-in and the test-mode checkout both run only on such an APP_URL unless turned on.
 */
export function isLocalHost(appUrl: string): boolean {
  let host: string;
  try {
    host = new URL(appUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  return host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "::1";
}
