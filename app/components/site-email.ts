/** `local@` the APP_URL host (without a leading www.), e.g. support@toolnest.example. */
export function siteEmail(local: string, appUrl: string) {
  let host = "localhost";
  try {
    if (appUrl) host = new URL(appUrl).hostname.replace(/^www\./, "");
  } catch {
    /* keep the fallback host */
  }
  return `${local}@${host}`;
}
