import { data, redirect } from "react-router";
import { env } from "~/lib/env.server";
import { getAuth, isDevSignInAvailable, isGoogleConfigured } from "./auth.server";
import { devEmailSchema } from "./dev-sign-in.server";
import { safeRedirectPath } from "./redirect-path";

/** Mutations from other sites are refused (browsers send Origin on every POST). */
/** Whether a write comes from this site: its Origin is APP_URL's, or, without one, it is not marked cross-site. */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  return origin ? origin === new URL(env().APP_URL).origin : request.headers.get("Sec-Fetch-Site") !== "cross-site";
}

export function assertSameOrigin(request: Request) {
  if (!isSameOrigin(request)) throw data({ error: "Forbidden" }, { status: 403 });
}

function withCookies(from: Headers, to = new Headers()): Headers {
  for (const value of from.getSetCookie()) to.append("Set-Cookie", value);
  return to;
}

/**
 * "Sign in with Google": starts the OpenID Connect flow (Google back to /auth), or, on a local
 * machine without Google, sends the visitor to the development sign-in screen.
 */
export async function startGoogleSignIn(request: Request, redirectTo: string): Promise<Response> {
  const back = `/auth?redirectTo=${encodeURIComponent(safeRedirectPath(redirectTo))}`;
  if (!isGoogleConfigured()) {
    if (isDevSignInAvailable()) return redirect(`/auth/dev?redirectTo=${encodeURIComponent(safeRedirectPath(redirectTo))}`);
    throw data({ error: "Sign-in is not configured." }, { status: 503 });
  }
  const { headers, response } = await getAuth().api.signInSocial({
    body: { provider: "google", callbackURL: back, errorCallbackURL: "/auth?error=google", disableRedirect: true },
    headers: request.headers,
    returnHeaders: true,
  });
  if (!response.url) throw new Error("Better Auth returned no authorization URL.");
  return redirect(response.url, { headers: withCookies(headers) });
}

export type DevSignInResult = { ok: true; headers: Headers } | { ok: false; error: string };

/** Signs an e-mail in as if Google had returned it; refused unless the screen is available. */
export async function devSignIn(email: unknown): Promise<DevSignInResult> {
  if (!isDevSignInAvailable()) throw data(null, { status: 404 });
  const parsed = devEmailSchema.safeParse(email);
  if (!parsed.success) return { ok: false, error: "Please enter a valid e-mail address." };
  const { headers } = await getAuth().api.devSignIn({ body: { email: parsed.data }, returnHeaders: true });
  return { ok: true, headers: withCookies(headers) };
}

/** Signs out through Better Auth; the returned headers clear the session cookies. */
export async function signOut(request: Request): Promise<Headers> {
  try {
    const { headers } = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
    return withCookies(headers);
  } catch {
    // No session (already signed out): clearing the cookies is still right.
    const { headers } = await getAuth()
      .api.signOut({ headers: new Headers(), returnHeaders: true })
      .catch(() => ({ headers: new Headers() }));
    return withCookies(headers);
  }
}
