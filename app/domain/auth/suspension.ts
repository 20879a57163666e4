/** What a suspended user is told where they try to sign in (decision 044); shared by server and pages. */
export const SUSPENDED_MESSAGE = "Your account has been suspended.";
/** The error code Better Auth puts in the OAuth error redirect (`?error=ACCOUNT_SUSPENDED`). */
export const SUSPENDED_CODE = "ACCOUNT_SUSPENDED";
