import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { DatabaseBusyError, type Database } from "~/db/client.server";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import {
  ERROR_LOG_KEEP,
  ERROR_LOG_PER_MINUTE,
  ERROR_MESSAGE_MAX,
  errorLogEntry,
  recentServerErrors,
  recordServerError,
  resetErrorLogThrottle,
  scrubSecrets,
  takeErrorLogSlot,
  writeErrorLog,
} from "./error-log.server";

beforeEach(async () => {
  resetErrorLogThrottle();
  await getDb().execute(sql`delete from error_log`);
});

describe("scrubSecrets", () => {
  it.each([
    ["connect ECONNREFUSED postgres://toolnest:s3cr3t-pw@db.internal:5432/app", "s3cr3t-pw"],
    ["could not sign in: password=hunter2 user=admin", "hunter2"],
    ['bad body {"apiKey":"sk-live-abcdef","name":"x"}', "sk-live-abcdef"],
    ["upstream said Authorization: Bearer abc.def.ghi123xyz", "abc.def.ghi123xyz"],
    ["fetch failed for https://hooks.example.com/cb?token=zzz-top-secret&x=1", "zzz-top-secret"],
    ["session_token: 9f86d081884c7d659a2feaa0c55ad015", "9f86d081884c7d659a2feaa0c55ad015"],
    ["stale key 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 seen", "9f86d081884c7d659a2feaa0c55ad015"],
    ["jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl rejected", "eyJzdWIiOiIxMjMifQ"],
    ["no user for alice.smith+test@example.org", "alice.smith"],
    ["secret: 'quoted value' and AUTH_SECRET=abcdef", "abcdef"],
  ])("blots out the secret in %j", (text, secret) => {
    const scrubbed = scrubSecrets(text);
    expect(scrubbed).not.toContain(secret);
    expect(scrubbed).toMatch(/\[redacted\]|\[email\]/);
  });

  it("leaves ordinary messages alone", () => {
    for (const text of [
      "TypeError: Cannot read properties of undefined (reading 'id')",
      'relation "products_backup" does not exist',
      "Basic authentication is not configured",
      "ENOENT: no such file or directory, open '/srv/toolnest/node_modules/react-router/dist/index.js'",
    ]) {
      expect(scrubSecrets(text)).toBe(text);
    }
  });
});

describe("errorLogEntry", () => {
  it("keeps the first line of the message, the error's type, and the path without its query", () => {
    const error = new TypeError("x is undefined\n    at loader (app/routes/home.tsx:12:3)");
    expect(errorLogEntry({ method: "get", path: "/admin/products?q=secret&page=2", status: 500, error })).toEqual({
      method: "GET",
      path: "/admin/products",
      status: 500,
      message: "TypeError: x is undefined",
    });
  });

  it("truncates long messages and paths, and stores nothing PostgreSQL or a page cannot show", () => {
    const entry = errorLogEntry({ method: "POST", path: `/a/${"b".repeat(1000)}`, status: 503, error: new Error(`bad\u0000byte \uD800 ${"word ".repeat(400)}`) });
    expect(entry.message.length).toBe(ERROR_MESSAGE_MAX);
    expect(entry.message.endsWith("…")).toBe(true);
    expect(entry.message).not.toContain("\u0000");
    expect(entry.message).not.toContain("\uD800");
    expect(entry.path.length).toBeLessThanOrEqual(300);
    expect(entry.status).toBe(503);
  });

  it("describes whatever was thrown, and bounds method and status", () => {
    expect(errorLogEntry({ method: "DROP TABLE", path: "/", status: 200, error: "plain string" })).toMatchObject({
      method: "OTHER",
      status: 500,
      message: "plain string",
    });
    expect(errorLogEntry({ method: "GET", path: "", status: 500, error: { status: 502, statusText: "Bad Gateway" } }).message).toBe("502 Bad Gateway");
    expect(errorLogEntry({ method: "GET", path: "/", status: 500, error: null }).message).toBe("Non-error value thrown (null)");
    expect(errorLogEntry({ method: "GET", path: "/", status: 500, error: new Response(null, { status: 500 }) }).message).toBe("Response 500");
  });
});

describe("recordServerError", () => {
  it("writes a scrubbed row that recentServerErrors lists newest first", async () => {
    expect(await recordServerError({ method: "GET", path: "/first", status: 500, error: new Error("first") })).toBe(true);
    expect(
      await recordServerError({ method: "POST", path: "/login?redirectTo=/x", status: 500, error: new Error("db said password=letmein") }),
    ).toBe(true);
    const rows = await recentServerErrors(getDb());
    expect(rows.map(({ method, path, status, message }) => ({ method, path, status, message }))).toEqual([
      { method: "POST", path: "/login", status: 500, message: "db said password=[redacted]" },
      { method: "GET", path: "/first", status: 500, message: "first" },
    ]);
    expect(Number.isNaN(Date.parse(rows[0]!.created_at))).toBe(false);
  });

  it(`writes at most ${ERROR_LOG_PER_MINUTE} rows a minute`, async () => {
    const results = await Promise.all(
      Array.from({ length: ERROR_LOG_PER_MINUTE + 5 }, (_, i) => recordServerError({ method: "GET", path: `/storm/${i}`, status: 500, error: new Error("storm") })),
    );
    expect(results.filter(Boolean)).toHaveLength(ERROR_LOG_PER_MINUTE);
    const [count] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from error_log`);
    expect(count!.n).toBe(ERROR_LOG_PER_MINUTE);

    // The next minute opens again.
    resetErrorLogThrottle();
    const start = 1_000_000;
    for (let i = 0; i < ERROR_LOG_PER_MINUTE; i += 1) expect(takeErrorLogSlot(start + i)).toBe(true);
    expect(takeErrorLogSlot(start + 59_999)).toBe(false);
    expect(takeErrorLogSlot(start + 60_000)).toBe(true);
  });

  it(`keeps only the newest ${ERROR_LOG_KEEP} rows`, async () => {
    const db = getDb();
    await db.execute(
      sql`insert into error_log (method, path, status, message, created_at)
          select 'GET', '/old/' || n, 500, 'old', now() - (n || ' seconds')::interval from generate_series(1, ${ERROR_LOG_KEEP + 20}) n`,
    );
    await writeErrorLog(db, { method: "GET", path: "/newest", status: 500, message: "newest" });
    const [row] = await queryRows<{ n: number; oldest_kept: string }>(
      db,
      sql`select count(*)::int as n, max(path) filter (where path = '/old/' || ${ERROR_LOG_KEEP - 1}) as oldest_kept from error_log`,
    );
    expect(row!.n).toBe(ERROR_LOG_KEEP);
    expect(row!.oldest_kept).toBe(`/old/${ERROR_LOG_KEEP - 1}`);
    const [gone] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from error_log where path = ${`/old/${ERROR_LOG_KEEP}`}`);
    expect(gone!.n).toBe(0);
    expect((await recentServerErrors(db, 1))[0]!.path).toBe("/newest");
  });

  it("never throws: a failing database or a busy pool is swallowed", async () => {
    const broken = { execute: () => Promise.reject(new Error("connection lost")) } as unknown as Database;
    await expect(recordServerError({ method: "GET", path: "/", status: 500, error: new Error("x") }, broken)).resolves.toBe(false);
    const busy = new Error("query failed", { cause: new DatabaseBusyError("no connection in time") });
    await expect(recordServerError({ method: "GET", path: "/", status: 500, error: busy })).resolves.toBe(false);
    const hostile = {
      get message(): string {
        throw new Error("getter exploded");
      },
    };
    Object.setPrototypeOf(hostile, Error.prototype);
    await expect(recordServerError({ method: "GET", path: "/", status: 500, error: hostile })).resolves.toBe(true);
    expect((await recentServerErrors(getDb(), 1))[0]!.message).toBe("Unreadable error");
  });
});
