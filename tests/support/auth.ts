import type { AuthSettings } from "~/features/auth/config.server";

export const TEST_SECRET = "test-secret-test-secret-test-secret-0123456789";
export const APP_URL = "http://localhost:3000";

export function localSettings(overrides: Partial<AuthSettings> = {}): AuthSettings {
  return { appUrl: APP_URL, secret: TEST_SECRET, google: null, devSignIn: "auto", ...overrides };
}

/** A request carrying the cookies a response set (name=value pairs only). */
export function cookieHeader(setCookies: string[]): string {
  return setCookies
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

export function formRequest(path: string, fields: Record<string, string>, init: { cookie?: string; origin?: string } = {}) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded", Origin: init.origin ?? APP_URL });
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(`${APP_URL}${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}
