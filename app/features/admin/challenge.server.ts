/**
 * The Admin Portal's math challenge: a question of two digits (0 to 9) issued as an HMAC-signed
 * token, so any instance can check an answer without keeping state. A correct answer earns a
 * "verified" token bound to that question; the sign-in re-checks both.
 */
import crypto from "node:crypto";
import { getAuthState } from "~/domain/auth/auth.server";
import type { Challenge } from "./admin";

export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export type { Challenge };

interface Payload {
  a: number;
  b: number;
  n: string;
  e: number;
}

function secret(): string {
  return getAuthState().settings.secret;
}

function sign(purpose: string, value: string): string {
  return crypto.createHmac("sha256", secret()).update(`toolnest.admin-challenge.${purpose}.${value}`).digest("base64url");
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

function questionOf(a: number, b: number) {
  return `What is ${a} + ${b}?`;
}

export function issueChallenge(now = Date.now()): Challenge {
  const payload: Payload = { a: crypto.randomInt(0, 10), b: crypto.randomInt(0, 10), n: crypto.randomBytes(9).toString("base64url"), e: now + CHALLENGE_TTL_MS };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return { token: `${body}.${sign("question", body)}`, question: questionOf(payload.a, payload.b) };
}

/** The challenge a token stands for when its signature holds (expired or not), else null. */
function readToken(token: unknown): (Payload & { token: string }) | null {
  if (typeof token !== "string" || token.length > 512) return null;
  const [body, mac, extra] = token.split(".");
  if (!body || !mac || extra !== undefined || !safeEqual(mac, sign("question", body))) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Payload;
    const digit = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 9;
    if (!digit(payload.a) || !digit(payload.b) || typeof payload.e !== "number" || typeof payload.n !== "string") return null;
    return { ...payload, token };
  } catch {
    return null;
  }
}

/** The same challenge again (for a form shown once more), when its token is genuine and current. */
export function currentChallenge(token: unknown, now = Date.now()): Challenge | null {
  const payload = readToken(token);
  if (!payload || payload.e <= now) return null;
  return { token: payload.token, question: questionOf(payload.a, payload.b) };
}

export type AnswerCheck =
  | { ok: true; verified: string }
  | { ok: false; reason: "not-a-number" | "incorrect" | "invalid" | "expired" };

/** Checks an answer; a correct one gets the verified token of this very challenge. */
export function checkAnswer(token: unknown, answer: unknown, now = Date.now()): AnswerCheck {
  const text = typeof answer === "string" ? answer.trim() : "";
  if (!/^[+-]?\d{1,3}$/.test(text)) return { ok: false, reason: "not-a-number" };
  const payload = readToken(token);
  if (!payload) return { ok: false, reason: "invalid" };
  if (payload.e <= now) return { ok: false, reason: "expired" };
  if (Number(text) !== payload.a + payload.b) return { ok: false, reason: "incorrect" };
  return { ok: true, verified: sign("verified", payload.token) };
}

/** Sign-in: the question is genuine and current, the answer right and the verified token its own. */
export function isVerified(token: unknown, answer: unknown, verified: unknown, now = Date.now()): boolean {
  const check = checkAnswer(token, answer, now);
  return check.ok && typeof verified === "string" && safeEqual(verified, check.verified);
}
