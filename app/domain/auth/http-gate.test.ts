import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_URL, localSettings } from "../../../tests/support/auth";
import { CLIENT_IP_HEADER } from "~/lib/http/headers";
import { HTTP_AUTH_PATHS, getAuth, setAuthSettings } from "./auth.server";

const google = { clientId: "client", clientSecret: "secret", discoveryUrl: "http://127.0.0.1:1/.well-known/openid-configuration" };
const ACCOUNT = { email: "gate.owner@example.com", password: "gate-owner-password" };

beforeAll(async () => {
  // With Google configured, so its plugin's endpoints are there to be refused too.
  setAuthSettings(localSettings({ google }));
  await getAuth().api.signUpEmail({ body: { ...ACCOUNT, name: "Owner" } });
});
afterAll(() => setAuthSettings(undefined));

let visitor = 0;
/** Each request from another address, so Better Auth's per-address limits stay out of the way. */
function call(path: string, method: "GET" | "POST", body: unknown = ACCOUNT) {
  visitor += 1;
  const headers = { "Content-Type": "application/json", Origin: APP_URL, [CLIENT_IP_HEADER]: `198.51.100.${visitor % 250}` };
  return getAuth().handler(
    new Request(`${APP_URL}${path}`, { method, headers, ...(method === "POST" ? { body: JSON.stringify(body) } : {}) }),
  );
}

const hasSessionCookie = (response: Response) =>
  response.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c) && !/session_token=;/.test(c));

/** Every endpoint this Better Auth instance has, dynamic segments filled in. */
function endpointPaths(): string[] {
  const paths = Object.values(getAuth().api as Record<string, { path?: unknown }>)
    .map((endpoint) => endpoint.path)
    .filter((path): path is string => typeof path === "string");
  return [...new Set(paths)].map((path) => path.replace(/:[^/]+/g, "google"));
}

describe("Better Auth over HTTP: only the allow-list is reachable", () => {
  it("refuses sign-in with the right password: 404 and no session cookie", async () => {
    for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-in/email/", "/api/auth/sign-in//email", "/api/auth//sign-in/email", "/api/auth/sign-in/%65mail"]) {
      const response = await call(path, "POST");
      expect.soft(response.status, path).toBe(404);
      expect.soft(hasSessionCookie(response), path).toBe(false);
    }
    // Our own server code still signs in through it (the Admin Portal does, after its checks).
    const server = await getAuth().api.signInEmail({ body: ACCOUNT });
    expect(server.token).toBeTruthy();
  });

  it("refuses every other endpoint, whatever the method", async () => {
    const closed = endpointPaths().filter((path) => !HTTP_AUTH_PATHS.has(path));
    expect(closed).toEqual(expect.arrayContaining(["/sign-in/email", "/sign-up/email", "/sign-in/social", "/update-user", "/change-email", "/link-social", "/reset-password/google", "/unlink-account"]));
    for (const path of closed) {
      for (const method of ["GET", "POST"] as const) {
        const response = await call(`/api/auth${path}`, method, { ...ACCOUNT, provider: "google", newEmail: "x@example.com", callbackURL: "/" });
        expect.soft(response.status, `${method} ${path}`).toBe(404);
        expect.soft(hasSessionCookie(response), `${method} ${path}`).toBe(false);
      }
    }
  });

  it("keeps the endpoints the site needs: the Google callback, the session and sign-out", async () => {
    expect((await call("/api/auth/get-session", "GET")).status).toBe(200);
    expect((await call("/api/auth/ok", "GET")).status).toBe(200);
    const callback = await call("/api/auth/callback/google?code=x&state=forged", "GET");
    expect(callback.status).toBe(302);
    expect(callback.headers.get("Location")).toMatch(/error=/);
    expect((await call("/api/auth/sign-out", "POST", {})).status).not.toBe(404);
  });
});
