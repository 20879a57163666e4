/**
 * The sign-in flows (Google, the development sign-in) and password reset and change for e-mail
 * accounts (admins), through Better Auth's own endpoints (hashing, tokens, session revocation).
 * Our rate limits sit in front; answers never say whether an address has an account.
 */
import { APIError, isAPIError } from "better-auth/api";
import { data, redirect } from "react-router";
import { devEmailSchema } from "~/domain/auth/dev-sign-in.server";
import { safeRedirectPath } from "~/domain/auth/redirect-path";
import { copySetCookies } from "~/lib/http/set-cookies";
import { parseForm } from "~/lib/forms";
import { logger } from "~/lib/logger.server";
import { clientIp } from "~/lib/http/client-address";
import { consumeAll } from "~/domain/rate-limit.server";
import type { RateLimitRule } from "~/lib/http/rate-limit";
import { getAuth, getAuthState, isDevSignInAvailable, isDevSignInAvailableTo, isGoogleConfigured } from "~/domain/auth/auth.server";
import {
  INVALID_RESET_LINK,
  NO_PASSWORD_ACCOUNT,
  PASSWORD_RATE_LIMITED,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  RESET_EMAIL_FAILED,
  RESET_RATE_LIMITED,
  UPDATE_PASSWORD_FAILED,
  type FieldErrors,
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
} from "./auth";
import { hasPassword } from "~/domain/auth/password-mail.server";
import type { SessionUser } from "~/domain/auth/session.server";

export { hasPassword };

const MINUTE = 60;
export const RATE_LIMITS = {
  /** Reset e-mails per address, and reset requests per visitor address. */
  resetPerEmail: { limit: 5, windowSeconds: 15 * MINUTE },
  resetPerIp: { limit: 20, windowSeconds: 15 * MINUTE },
  /** New-password submissions per visitor address (tokens are long; this only slows guessing). */
  newPasswordPerIp: { limit: 30, windowSeconds: 15 * MINUTE },
  /** Change-password attempts per user: guesses of the current password. */
  changePerUser: { limit: 10, windowSeconds: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;

export type PasswordResult =
  | { ok: true; headers?: Headers }
  | {
      ok: false;
      status: 400 | 409 | 429 | 503;
      error?: string;
      fieldErrors?: FieldErrors;
      /** The reset token is unknown, used or expired. */
      invalidLink?: boolean;
      retryAfterSeconds?: number;
    };

function apiErrorCode(error: unknown): string | undefined {
  return error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;
}

/**
 * "Forgot password": always the same success for a well-formed address, whether or not it has
 * an account. Rate limited per visitor address and per e-mail.
 */
export async function requestPasswordReset(request: Request, emailValue: unknown): Promise<PasswordResult> {
  const parsed = parseForm(forgotPasswordSchema, { email: emailValue });
  if (!parsed.ok) return { ok: false, status: 400, fieldErrors: parsed.errors };
  const { email } = parsed.data;
  const limited = await consumeAll([
    { key: `password-reset:ip:${clientIp(request)}`, rule: RATE_LIMITS.resetPerIp },
    { key: `password-reset:email:${email}`, rule: RATE_LIMITS.resetPerEmail },
  ]);
  if (!limited.ok) return { ok: false, status: 429, error: RESET_RATE_LIMITED, retryAfterSeconds: limited.retryAfterSeconds };
  try {
    await getAuth().api.requestPasswordReset({
      body: { email, redirectTo: `${getAuthState().settings.appUrl}/reset-password` },
    });
    return { ok: true };
  } catch (error) {
    logger().error({ err: error }, "password reset request failed");
    return { ok: false, status: 503, error: RESET_EMAIL_FAILED };
  }
}

/** Whether a reset token from a link still works (unknown, used and expired ones do not). */
export async function isResetTokenValid(token: string | null | undefined): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const context = await getAuth().$context;
  const found = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(found && new Date(found.expiresAt) > new Date());
}

/** Sets a new password from a reset link; Better Auth signs the account out everywhere. */
export async function resetPassword(request: Request, form: FormData): Promise<PasswordResult> {
  const parsed = parseForm(resetPasswordSchema, form);
  if (!parsed.ok) {
    const { token, ...errors } = parsed.errors;
    if (token) return { ok: false, status: 400, error: INVALID_RESET_LINK, invalidLink: true };
    return { ok: false, status: 400, fieldErrors: errors };
  }
  const limited = await consumeAll([
    { key: `password-new:ip:${clientIp(request)}`, rule: RATE_LIMITS.newPasswordPerIp },
  ]);
  if (!limited.ok) return { ok: false, status: 429, error: PASSWORD_RATE_LIMITED, retryAfterSeconds: limited.retryAfterSeconds };
  try {
    await getAuth().api.resetPassword({ body: { token: parsed.data.token, newPassword: parsed.data.password } });
    return { ok: true };
  } catch (error) {
    const code = apiErrorCode(error);
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") {
      return { ok: false, status: 400, error: INVALID_RESET_LINK, invalidLink: true };
    }
    if (code === "PASSWORD_TOO_SHORT") return { ok: false, status: 400, fieldErrors: { password: PASSWORD_TOO_SHORT } };
    if (code === "PASSWORD_TOO_LONG") return { ok: false, status: 400, fieldErrors: { password: PASSWORD_TOO_LONG } };
    logger().error({ err: error }, "password reset failed");
    return { ok: false, status: 503, error: UPDATE_PASSWORD_FAILED };
  }
}

/**
 * Changes the signed-in user's password. Other sessions are signed out; this one gets a fresh
 * cookie (returned in `headers`).
 */
export async function changePassword(request: Request, user: Pick<SessionUser, "id">, form: FormData): Promise<PasswordResult> {
  if (!(await hasPassword(user.id))) return { ok: false, status: 409, error: NO_PASSWORD_ACCOUNT };
  const parsed = parseForm(changePasswordSchema, form);
  if (!parsed.ok) return { ok: false, status: 400, fieldErrors: parsed.errors };
  const limited = await consumeAll([{ key: `password-change:user:${user.id}`, rule: RATE_LIMITS.changePerUser }]);
  if (!limited.ok) return { ok: false, status: 429, error: PASSWORD_RATE_LIMITED, retryAfterSeconds: limited.retryAfterSeconds };
  try {
    const { headers } = await getAuth().api.changePassword({
      body: { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.password, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    const cookies = new Headers();
    for (const value of headers.getSetCookie()) cookies.append("Set-Cookie", value);
    return { ok: true, headers: cookies };
  } catch (error) {
    const code = apiErrorCode(error);
    if (code === "INVALID_PASSWORD") {
      const message = (error as APIError).body?.message ?? "Invalid password";
      return { ok: false, status: 400, fieldErrors: { currentPassword: message } };
    }
    if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return { ok: false, status: 409, error: NO_PASSWORD_ACCOUNT };
    if (code === "PASSWORD_TOO_SHORT") return { ok: false, status: 400, fieldErrors: { password: PASSWORD_TOO_SHORT } };
    if (code === "PASSWORD_TOO_LONG") return { ok: false, status: 400, fieldErrors: { password: PASSWORD_TOO_LONG } };
    logger().error({ err: error }, "password change failed");
    return { ok: false, status: 503, error: UPDATE_PASSWORD_FAILED };
  }
}

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
