import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";

/** The provider id that marks identities from the development sign-in; they are never admins. */
export const DEV_PROVIDER_ID = "dev";

export const devEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("Please enter a valid e-mail address."));

/**
 * A server-only endpoint (not reachable over HTTP) that signs an e-mail in as if Google had
 * returned it, using Better Auth's own user, account, session and cookie code.
 */
export function devSignInPlugin(enabled: () => boolean) {
  return {
    id: "toolnest-dev-sign-in",
    endpoints: {
      devSignIn: createAuthEndpoint(
        "/toolnest/dev-sign-in",
        { method: "POST", body: z.object({ email: devEmailSchema }), metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          if (!enabled()) throw new APIError("NOT_FOUND", { message: "Not found" });
          const email = ctx.body.email;
          const adapter = ctx.context.internalAdapter;
          const found = await adapter.findUserByEmail(email, { includeAccounts: true });
          let signedIn = found?.user;
          if (!found) {
            const created = await adapter.createOAuthUser(
              { email, name: email.split("@")[0]!, emailVerified: true, image: null },
              { providerId: DEV_PROVIDER_ID, accountId: email },
            );
            signedIn = created.user;
          } else if (!found.accounts.some((a) => a.providerId === DEV_PROVIDER_ID)) {
            await adapter.linkAccount({ userId: found.user.id, providerId: DEV_PROVIDER_ID, accountId: email });
          }
          const session = await adapter.createSession(signedIn!.id);
          await setSessionCookie(ctx, { session, user: signedIn! });
          return ctx.json({ userId: signedIn!.id });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
