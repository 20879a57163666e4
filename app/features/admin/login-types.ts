/** Shapes the Admin Portal's server sends its page (client-safe). */
export interface Challenge {
  /** Signed token carrying the two numbers, a nonce and an expiry. */
  token: string;
  question: string;
}

export type LoginIntent = "verify" | "sign-in" | "create-super-admin";

export interface LoginActionData {
  intent: LoginIntent;
  /** The question to show now (the same one, or a new one after a wrong answer or failed sign-in). */
  challenge: Challenge;
  /** Proof that this question was answered correctly; Sign In is enabled only with it. */
  verified: string | null;
  values: { email: string; answer: string };
  errors: { email?: string; password?: string; answer?: string; form?: string };
  /** Whether Create Super Admin is still on offer (after its own intent). */
  superAdminAvailable?: boolean;
}
