import { RATE_LIMIT_MESSAGE, type RateLimitResult } from "./http/rate-limit";

/** A JSON error naming the parameter at fault: `{ "error": { "parameter", "message" } }`. */
export function parameterError(parameter: string, message: string, status = 400) {
  return Response.json({ error: { parameter, message } }, { status, headers: { "Cache-Control": "no-store" } });
}

/** `{ "error": { "message", ...extra } }`, never cached. */
export function jsonError(message: string, status: number, extra?: Record<string, unknown>) {
  return Response.json({ error: { message, ...extra } }, { status, headers: { "Cache-Control": "no-store" } });
}

/** A 429 with Retry-After and the common message. */
export function rateLimitedJson(result: RateLimitResult) {
  return Response.json(
    { error: { message: RATE_LIMIT_MESSAGE } },
    { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds), "Cache-Control": "no-store" } },
  );
}

/** A product id from a URL: a positive 32-bit integer written in plain digits, or null. */
export function parseProductId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

export function publicJson(body: unknown, maxAgeSeconds = 60) {
  return Response.json(body, { headers: { "Cache-Control": `public, max-age=${maxAgeSeconds}` } });
}
