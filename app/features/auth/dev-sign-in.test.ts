import { afterAll, describe, expect, it } from "vitest";
import * as devRoute from "~/routes/auth.dev";
import * as authRoute from "~/routes/auth";
import { cookieHeader, formRequest, localSettings } from "../../../tests/support/auth";
import { getAuth, setAuthSettings } from "./auth.server";
import { devSignIn } from "./sign-in.server";

afterAll(() => setAuthSettings(undefined));

const google = { clientId: "client", clientSecret: "secret", discoveryUrl: "http://127.0.0.1:1/.well-known/openid-configuration" };
const args = (request: Request) => ({ request, params: {}, context: {} }) as never;

async function status(run: () => unknown): Promise<number> {
  try {
    const result = await run();
    return result instanceof Response ? result.status : 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    const init = (error as { init?: { status?: number } }).init;
    if (init?.status) return init.status;
    throw error;
  }
}

describe("development sign-in is refused unless Google is unconfigured and APP_URL is local", () => {
  it.each([
    ["Google is configured", localSettings({ google })],
    ["APP_URL is not local", localSettings({ appUrl: "https://toolnest.example" })],
  ])("404 when %s", async (_, settings) => {
    setAuthSettings(settings);
    expect(await status(() => devRoute.loader(args(new Request(`${settings.appUrl}/auth/dev`))))).toBe(404);
    const post = formRequest("/auth/dev", { email: "x@example.com", redirectTo: "/" }, { origin: settings.appUrl });
    expect(await status(() => devRoute.action(args(post)))).toBe(404);
    expect(await status(() => devSignIn("x@example.com"))).toBe(404);
    // Not reachable over HTTP either: the endpoint is server-only.
    const http = await getAuth().handler(
      new Request(`${settings.appUrl}/api/auth/toolnest/dev-sign-in`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: settings.appUrl },
        body: JSON.stringify({ email: "x@example.com" }),
      }),
    );
    expect(http.status).toBe(404);
  });

  it("works locally: the action signs in and redirects to a safe path only", async () => {
    setAuthSettings(localSettings());
    const ok = await devRoute.action(args(formRequest("/auth/dev", { email: "dev@example.com", redirectTo: "/profile" })));
    expect(ok).toBeInstanceOf(Response);
    const response = ok as Response;
    expect(response.headers.get("Location")).toBe("/profile");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token="))).toBe(true);

    const evil = (await devRoute.action(args(formRequest("/auth/dev", { email: "dev@example.com", redirectTo: "//evil.example" })))) as Response;
    expect(evil.headers.get("Location")).toBe("/");

    const bad = await devRoute.action(args(formRequest("/auth/dev", { email: "not-an-email", redirectTo: "/" })));
    expect((bad as { init: { status: number } }).init.status).toBe(400);
  });

  it("refuses a cross-site POST", async () => {
    setAuthSettings(localSettings());
    const post = formRequest("/auth/dev", { email: "dev@example.com" }, { origin: "https://evil.example" });
    expect(await status(() => devRoute.action(args(post)))).toBe(403);
  });

  it("/auth sends the Google button to the development screen locally, and a signed-in visitor to a safe path", async () => {
    setAuthSettings(localSettings());
    const start = (await authRoute.action(args(formRequest("/auth", { redirectTo: "/claim-product" })))) as Response;
    expect(start.headers.get("Location")).toBe("/auth/dev?redirectTo=%2Fclaim-product");

    const signed = await devSignIn("visitor@example.com");
    if (!signed.ok) throw new Error(signed.error);
    const cookie = cookieHeader(signed.headers.getSetCookie());
    for (const [query, expected] of [
      ["?redirectTo=%2Fprofile", "/profile"],
      ["?redirectTo=%2F%2Fevil.example", "/"],
      ["", "/"],
    ] as const) {
      const request = new Request(`http://localhost:3000/auth${query}`, { headers: { Cookie: cookie } });
      expect(await status(() => authRoute.loader(args(request)))).toBe(302);
      try {
        await authRoute.loader(args(request));
      } catch (response) {
        expect((response as Response).headers.get("Location")).toBe(expected);
      }
    }
  });
});
