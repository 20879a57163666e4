import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localSettings } from "../../../tests/support/auth";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { CHALLENGE_TTL_MS, checkAnswer, currentChallenge, isVerified, issueChallenge } from "./challenge.server";

beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));

function numbers(question: string): [number, number] {
  const match = /^What is (\d) \+ (\d)\?$/.exec(question);
  if (!match) throw new Error(`unexpected question ${question}`);
  return [Number(match[1]), Number(match[2])];
}

describe("admin math challenge", () => {
  it("asks about two digits from 0 to 9, with a fresh nonce each time", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const challenge = issueChallenge();
      const [a, b] = numbers(challenge.question);
      expect(a).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThanOrEqual(9);
      seen.add(challenge.token);
    }
    expect(seen.size).toBe(200);
  });

  it("verifies the right answer and gives a verified token bound to that question", () => {
    const challenge = issueChallenge();
    const [a, b] = numbers(challenge.question);
    const check = checkAnswer(challenge.token, ` ${a + b} `);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(isVerified(challenge.token, String(a + b), check.verified)).toBe(true);
    // The proof of one question does not carry over to another, nor to a wrong answer.
    const other = issueChallenge();
    const [c, d] = numbers(other.question);
    expect(isVerified(other.token, String(c + d), check.verified)).toBe(false);
    expect(isVerified(challenge.token, String(a + b + 1), check.verified)).toBe(false);
    expect(isVerified(challenge.token, String(a + b), "forged")).toBe(false);
  });

  it("tells a wrong answer from one that is not a number", () => {
    const challenge = issueChallenge();
    const [a, b] = numbers(challenge.question);
    expect(checkAnswer(challenge.token, String(a + b + 1))).toEqual({ ok: false, reason: "incorrect" });
    for (const answer of ["", "abc", "1.5", "9999", "1e1"]) {
      expect(checkAnswer(challenge.token, answer)).toEqual({ ok: false, reason: "not-a-number" });
    }
  });

  it("refuses a tampered or expired question", () => {
    const now = Date.now();
    const challenge = issueChallenge(now);
    const [a, b] = numbers(challenge.question);
    const [body, mac] = challenge.token.split(".") as [string, string];
    const payload = JSON.parse(Buffer.from(body, "base64url").toString()) as { a: number; b: number };
    // Another first number (never the issued one, or the "forgery" would be the real token).
    const forged = { ...payload, a: (payload.a + 1) % 10 };
    const forgedBody = Buffer.from(JSON.stringify(forged)).toString("base64url");
    expect(checkAnswer(`${forgedBody}.${mac}`, String(forged.a + forged.b))).toEqual({ ok: false, reason: "invalid" });
    expect(checkAnswer(challenge.token, String(a + b), now + CHALLENGE_TTL_MS + 1)).toEqual({ ok: false, reason: "expired" });
    expect(currentChallenge(challenge.token, now + CHALLENGE_TTL_MS + 1)).toBeNull();
    expect(currentChallenge(challenge.token, now)).toEqual(challenge);
  });

  it("signs with the auth secret: another instance with the same secret agrees, another secret does not", () => {
    const challenge = issueChallenge();
    const [a, b] = numbers(challenge.question);
    setAuthSettings(localSettings({ secret: "another-secret-another-secret-another-secret" }));
    expect(checkAnswer(challenge.token, String(a + b))).toEqual({ ok: false, reason: "invalid" });
    setAuthSettings(localSettings());
    expect(checkAnswer(challenge.token, String(a + b)).ok).toBe(true);
  });
});
