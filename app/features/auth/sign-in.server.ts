import { isAPIError } from "better-auth/api";
import { data, redirect } from "react-router";
import { getAuth, isDevSignInAvailable, isDevSignInAvailableTo, isGoogleConfigured } from "~/domain/auth/auth.server";
import { devEmailSchema } from "~/domain/auth/dev-sign-in.server";
import { safeRedirectPath } from "~/domain/auth/redirect-path";
import { copySetCookies } from "~/lib/http/set-cookies";

/**
 * "Sign in with Google": starts the OpenID Connect flow (Google back to /auth), or, without
 * Google, sends a visitor the development sign-in is on for to its screen.
 */
export async function startGoogleSignIn(request: Request, redirectTo: string): Promise<Response> {
  const back = `/auth?redirectTo=${encodeURIComponent(safeRedirectPath(redirectTo))}`;
  if (!isGoogleConfigured()) {
    if (isDevSignInAvailableTo(request)) return redirect(`/auth/dev?redirectTo=${encodeURIComponent(safeRedirectPath(redirectTo))}`);
    throw data({ error: "Sign-in is not configured." }, { status: 503 });
  }
  const { headers, response } = await getAuth().api.signInSocial({
    body: { provider: "google", callbackURL: back, errorCallbackURL: "/auth?error=google", disableRedirect: true },
    headers: request.headers,
    returnHeaders: true,
  });
  if (!response.url) throw new Error("Better Auth returned no authorization URL.");
  return redirect(response.url, { headers: copySetCookies(headers) });
}

export type DevSignInResult = { ok: true; headers: Headers } | { ok: false; status: 400 | 403; error: string };

/**
 * Signs an e-mail in as if Google had returned it (new users and users it made itself only, see
 * app/domain/auth/dev-sign-in.server.ts); 404 unless the development sign-in is on. Callers serving a request
 * check isDevSignInAvailableTo(request) first (routes/auth.dev.tsx); scripts and tests call it directly.
 */
export async function devSignIn(email: unknown): Promise<DevSignInResult> {
  if (!isDevSignInAvailable()) throw data(null, { status: 404 });
  const parsed = devEmailSchema.safeParse(email);
  if (!parsed.success) return { ok: false, status: 400, error: "Please enter a valid e-mail address." };
  try {
    const { headers } = await getAuth().api.devSignIn({ body: { email: parsed.data }, returnHeaders: true });
    return { ok: true, headers: copySetCookies(headers) };
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 403) return { ok: false, status: 403, error: error.message };
    throw error;
  }
}
