import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/db/registry.server";
import { admin_users } from "~/db/schema";

/**
 * The provider id that marks identities from the development sign-in (the `account` row, so the
 * mark survives restarts): they are never admins and their address is never proven (decision 025).
 */
export const DEV_PROVIDER_ID = "dev";

/**
 * SQL: whether the user's e-mail address is proven — `email_verified` and an account from a
 * provider that checked it (Google), not only the development sign-in, which anybody reaching it
 * may use with any address. The one test for anything a verified address grants (claims).
 */
export function provenEmailSql(userId: SQL): SQL {
  return sql`(coalesce((select u.email_verified from "user" u where u.id = ${userId}), false)
              and exists (select 1 from account a where a.user_id = ${userId} and a.provider_id <> ${DEV_PROVIDER_ID}))`;
}

export const devEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("Please enter a valid e-mail address."));

export const DEV_SIGN_IN_REFUSALS = {
  password: "This e-mail address belongs to an account with a password. Sign in with the password on /login.",
  admin: "This e-mail address belongs to an administrator. Administrators sign in with their password on /login.",
  otherAccount: "This e-mail address belongs to an account that signs in another way (with Google). The development sign-in cannot use it.",
} as const;

/**
 * Why an e-mail may not use the development sign-in, or null. It signs in without any proof, so
 * it may only create new users and sign in again the users it created itself (only `dev`
 * accounts): anything else would hand over someone's account (decision 025).
 */
export function devSignInRefusal(existingProviders: readonly string[] | null, adminEmail: boolean): string | null {
  if (existingProviders?.includes("credential")) return DEV_SIGN_IN_REFUSALS.password;
  if (adminEmail) return DEV_SIGN_IN_REFUSALS.admin;
  const madeHere = existingProviders?.length && existingProviders.every((p) => p === DEV_PROVIDER_ID);
  if (existingProviders && !madeHere) return DEV_SIGN_IN_REFUSALS.otherAccount;
  return null;
}

async function isAdminEmail(email: string): Promise<boolean> {
  const rows = await getDb().select({ email: admin_users.email }).from(admin_users).where(eq(admin_users.email, email));
  return rows.length > 0;
}

/**
 * A server-only endpoint (not reachable over HTTP) that signs an e-mail in as if Google had
 * returned it, using Better Auth's own user, account, session and cookie code. It never links
 * an account to an existing user nor changes one: a user it did not create is refused.
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
          const refusal = devSignInRefusal(found ? found.accounts.map((a) => a.providerId) : null, await isAdminEmail(email));
          if (refusal) throw new APIError("FORBIDDEN", { message: refusal });
          const signedIn =
            found?.user ??
            (
              await adapter.createOAuthUser(
                // Nothing proved the address: never "verified" (decision 025).
                { email, name: email.split("@")[0]!, emailVerified: false, image: null },
                { providerId: DEV_PROVIDER_ID, accountId: email },
              )
            ).user;
          const session = await adapter.createSession(signedIn.id);
          await setSessionCookie(ctx, { session, user: signedIn });
          return ctx.json({ userId: signedIn.id });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
