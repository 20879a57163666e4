/** The shapes of rate limits (app/domain/rate-limit.server.ts counts them) and the message of a refusal. */
export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  ok: boolean;
  /** Seconds until the window that refused this request ends (0 when allowed). */
  retryAfterSeconds: number;
}

export const RATE_LIMIT_MESSAGE = "You're doing that too often. Please wait a moment and try again.";
