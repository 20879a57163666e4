import { betterAuth, type BetterAuthPlugin } from "better-auth";
import { APIError } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { account, auth_rate_limit, session, user, verification } from "~/db/schema";
import { getDb } from "~/db/registry.server";
import { isSuspended, SUSPENDED_CODE, SUSPENDED_MESSAGE } from "./suspension.server";
import { CLIENT_IP_HEADER } from "~/lib/http/headers";
import { logger } from "~/lib/logger.server";
import { siteOrigins } from "~/lib/http/origin.server";
import { ensureProfile } from "../people/profile-record.server";
import { authSettingsFromEnv, devSignInAllowed, devSignInAllowedFor, type AuthSettings } from "./config.server";
import { devSignInPlugin } from "./dev-sign-in.server";
import { RESET_TOKEN_TTL_SECONDS, sendResetPasswordEmail } from "./password-mail.server";

const BASE_PATH = "/api/auth";

/**
 * The only Better Auth endpoints reachable over HTTP (decision 024). Everything else that could
 * create a session or change credentials (sign-in/email, sign-up, update-user, link-social, ...)
 * is called by our own routes through `auth.api.*`, which never passes through this check, or
 * not at all. An allow-list, not `disabledPaths`: a new endpoint in an upgrade stays closed, and
 * any other spelling of a path ("/sign-in//email", a trailing slash, %-escapes) fails closed.
 */
export const HTTP_AUTH_PATHS: ReadonlySet<string> = new Set([
  "/callback/google", // Google's redirect back to us (the flow is started by our /auth action)
  "/error", // where Better Auth sends a failed OAuth callback
  "/get-session",
  "/sign-out",
  "/ok",
]);

function httpAllowListPlugin() {
  return {
    id: "toolnest-http-allow-list",
    // onRequest runs for HTTP requests only (the router), not for server-side auth.api calls.
    onRequest: async (request: Request) => {
      const { pathname } = new URL(request.url);
      if (pathname.startsWith(`${BASE_PATH}/`) && HTTP_AUTH_PATHS.has(pathname.slice(BASE_PATH.length))) return;
      return { response: new Response("Not Found", { status: 404 }) };
    },
  } satisfies BetterAuthPlugin;
}

export function createAuth(settings: AuthSettings) {
  const secure = settings.appUrl.startsWith("https://");
  return betterAuth({
    appName: "Toolnest",
    baseURL: settings.appUrl,
    basePath: BASE_PATH,
    secret: settings.secret,
    trustedOrigins: siteOrigins(settings.appUrl),
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        const detail = args.length ? { detail: args } : {};
        logger()[level === "debug" ? "debug" : level](detail, `[auth] ${message}`);
      },
    },
    database: drizzleAdapter(getDb(), {
      provider: "pg",
      schema: { user, session, account, verification, auth_rate_limit },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      // The reset link goes to our /reset-password page (see password-mail.server.ts).
      sendResetPassword: (data) => sendResetPasswordEmail(settings.appUrl, data),
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: true, storage: "database", modelName: "auth_rate_limit", window: 60, max: 100 },
    advanced: {
      useSecureCookies: secure,
      // Better Auth skips the Origin check when NODE_ENV is test; tests should see production's behaviour.
      disableOriginCheck: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Read with every session (getSession), so a suspended user's session is refused without another query.
    user: { additionalFields: { suspendedAt: { type: "date", required: false, input: false } } },
    databaseHooks: {
      // The one gate every way in passes (decision 044): Google, the development sign-in, the Admin
      // Portal's password and any other Better Auth endpoint all create their session here.
      session: {
        create: {
          before: async (created) => {
            if (await isSuspended(created.userId)) {
              throw new APIError("FORBIDDEN", { code: SUSPENDED_CODE, message: SUSPENDED_MESSAGE });
            }
          },
        },
      },
      user: {
        create: {
          after: async (created) => {
            await ensureProfile(getDb(), { id: created.id, email: created.email });
          },
        },
      },
    },
    plugins: [
      httpAllowListPlugin(),
      ...(settings.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  name: "Google",
                  clientId: settings.google.clientId,
                  clientSecret: settings.google.clientSecret,
                  discoveryUrl: settings.google.discoveryUrl,
                  scopes: ["openid", "email", "profile"],
                  prompt: "select_account",
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
      devSignInPlugin(() => devSignInAllowed(settings)),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

let instance: { auth: Auth; settings: AuthSettings } | undefined;

/** The process's Better Auth instance, created on first use (the database is open by then). */
export function getAuthState() {
  if (!instance) {
    const settings = authSettingsFromEnv();
    instance = { auth: createAuth(settings), settings };
  }
  return instance;
}

export function getAuth(): Auth {
  return getAuthState().auth;
}

/** Tests: use these settings (or forget the instance so the next use reads the environment). */
export function setAuthSettings(settings: AuthSettings | undefined) {
  instance = settings ? { auth: createAuth(settings), settings } : undefined;
}

/** Whether the development sign-in is on for anyone (server-side callers). */
export function isDevSignInAvailable(): boolean {
  return devSignInAllowed(getAuthState().settings);
}

/** Who may use the development sign-in: requests from this machine, everyone (DEV_SIGN_IN=on), or nobody. */
export function devSignInScope(): "loopback" | "everyone" | null {
  const { settings } = getAuthState();
  if (!devSignInAllowed(settings)) return null;
  return settings.devSignIn === "on" ? "everyone" : "loopback";
}

/** Whether the development sign-in is on for this request (its pages and the Google button). */
export function isDevSignInAvailableTo(request: Request): boolean {
  return devSignInAllowedFor(getAuthState().settings, request);
}

export function isGoogleConfigured(): boolean {
  return getAuthState().settings.google !== null;
}
