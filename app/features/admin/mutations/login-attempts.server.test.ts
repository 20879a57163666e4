import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import {
  ACCOUNT_MAX_DELAY_SECONDS,
  ACCOUNT_SLOWDOWN_AFTER,
  ADDRESS_FAILURE_LIMIT,
  accountDelaySeconds,
  beginAttempt,
  markSucceeded,
} from "./login-attempts.server";
import { LOGIN_ATTEMPT_LIMIT } from "../admin";

let n = 0;
const fresh = (kind: string) => `${kind}-${++n}-${Date.now().toString(36)}`;
const email = () => `${fresh("acct")}@example.com`;
const ip = () => `203.0.113.${(++n % 250) + 1}/${fresh("x")}`;
const at = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000);

/** An attempt that went ahead and failed (as the Admin Portal leaves it after a wrong password). */
async function fail(address: string, from: string, now: Date) {
  const start = await beginAttempt(address, from, getDb(), now);
  expect(start.blocked).toBe(false);
}

async function outcomes(address: string) {
  const rows = await queryRows<{ outcome: string; n: number }>(
    getDb(),
    sql`select outcome, count(*)::int as n from login_attempts where email = ${address} group by outcome order by outcome`,
  );
  return Object.fromEntries(rows.map((r) => [r.outcome, r.n]));
}

describe("Admin Portal attempt accounting", () => {
  it(`refuses an e-mail and address pair after ${LOGIN_ATTEMPT_LIMIT} failures, and records the refusal`, async () => {
    const [account, from, now] = [email(), ip(), new Date()];
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT; i += 1) await fail(account, from, at(now, i));
    expect(await beginAttempt(account, from, getDb(), at(now, 10))).toEqual({ blocked: true, retryAfterSeconds: 15 * 60 });
    expect(await outcomes(account)).toEqual({ failed: LOGIN_ATTEMPT_LIMIT, refused: 1 });
    // The owner, from another address, is not locked out; five failures also refuse the address
    // itself, whatever e-mail it tries next (spec-decisions: "for a pair or for an address").
    expect((await beginAttempt(account, ip(), getDb(), at(now, 12))).blocked).toBe(false);
    expect((await beginAttempt(email(), from, getDb(), at(now, 11))).blocked).toBe(true);
    // Sixteen minutes later the pair is free again.
    expect((await beginAttempt(account, from, getDb(), at(now, 16 * 60))).blocked).toBe(false);
  });

  it(`refuses an address after ${ADDRESS_FAILURE_LIMIT} failures across e-mails`, async () => {
    const [from, now] = [ip(), new Date()];
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i += 1) await fail(email(), from, at(now, i));
    const refused = await beginAttempt(email(), from, getDb(), at(now, 30));
    expect(refused.blocked).toBe(true);
  });

  it("a success is not a failure: the owner's own sign-ins never count against the pair", async () => {
    const [account, from, now] = [email(), ip(), new Date()];
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT + 2; i += 1) {
      const start = await beginAttempt(account, from, getDb(), at(now, i));
      if (start.blocked) throw new Error(`attempt ${i} refused`);
      await markSucceeded(start.id);
    }
    expect(await outcomes(account)).toEqual({ succeeded: LOGIN_ATTEMPT_LIMIT + 2 });
  });

  it("the delay grows with failures against one e-mail and stops at the maximum", () => {
    expect(accountDelaySeconds(ACCOUNT_SLOWDOWN_AFTER - 1)).toBe(0);
    expect(accountDelaySeconds(ACCOUNT_SLOWDOWN_AFTER)).toBe(1);
    expect(accountDelaySeconds(ACCOUNT_SLOWDOWN_AFTER + 3)).toBe(8);
    expect(accountDelaySeconds(ACCOUNT_SLOWDOWN_AFTER + 50)).toBe(ACCOUNT_MAX_DELAY_SECONDS);
  });

  it("many addresses against one e-mail slow it down but never lock its owner out", async () => {
    const [account, now] = [email(), new Date()];
    // An attacker spreads 40 failures over 40 addresses within a minute.
    const attackers = 40;
    for (let i = 0; i < attackers; i += 1) {
      const start = await beginAttempt(account, ip(), getDb(), at(now, i));
      if (!start.blocked) continue;
      // Refused while the delay runs: the attacker's guesses are spaced out.
      expect(start.retryAfterSeconds).toBeGreaterThan(0);
      expect(start.retryAfterSeconds).toBeLessThanOrEqual(ACCOUNT_MAX_DELAY_SECONDS);
    }
    const { failed = 0, refused = 0 } = await outcomes(account);
    expect(failed).toBeLessThan(attackers);
    expect(refused).toBe(attackers - failed);

    // The owner, from a fresh address at the moment of the latest failure, is asked to wait a little...
    const [latest] = await queryRows<{ at: string }>(
      getDb(),
      sql`select max(created_at)::text as at from login_attempts where email = ${account} and outcome = 'failed'`,
    );
    const last = new Date(latest!.at);
    const owner = ip();
    const wait = await beginAttempt(account, owner, getDb(), last);
    expect(wait).toMatchObject({ blocked: true });
    const seconds = (wait as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(seconds).toBeLessThanOrEqual(ACCOUNT_MAX_DELAY_SECONDS);
    // ...and, once that has passed, may try (and sign in).
    const later = await beginAttempt(account, owner, getDb(), at(last, seconds));
    expect(later.blocked).toBe(false);
  });
});
