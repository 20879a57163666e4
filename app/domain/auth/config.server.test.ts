import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { PEER_ADDRESS_HEADER } from "~/lib/http/headers";
import { sql } from "drizzle-orm";
import { queryRows } from "../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import {
  authSettingsFromEnv,
  devSignInAllowed,
  devSignInAllowedFor,
  devSignInBanner,
  loadSharedAuthSecret,
  resolveAuthSecret,
  sharedAuthSecret,
} from "./config.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-auth-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("development sign-in availability", () => {
  const google = { clientId: "id", discoveryUrl: "https://accounts.google.com/.well-known/openid-configuration" };
  const local = "http://localhost:3000";

  it("DEV_SIGN_IN=auto: only without Google and with a local APP_URL", () => {
    expect(devSignInAllowed({ appUrl: local, google: null, devSignIn: "auto" })).toBe(true);
    expect(devSignInAllowed({ appUrl: local, google, devSignIn: "auto" })).toBe(false);
    expect(devSignInAllowed({ appUrl: "https://toolnest.example", google: null, devSignIn: "auto" })).toBe(false);
  });

  it("DEV_SIGN_IN=on ignores APP_URL but never overrides Google; off wins everywhere", () => {
    expect(devSignInAllowed({ appUrl: "https://toolnest.example", google: null, devSignIn: "on" })).toBe(true);
    expect(devSignInAllowed({ appUrl: local, google, devSignIn: "on" })).toBe(false);
    expect(devSignInAllowed({ appUrl: local, google: null, devSignIn: "off" })).toBe(false);
  });

  it("per request: auto needs the socket's loopback address, on does not", () => {
    const from = (peer: string | null, extra: Record<string, string> = {}) => {
      const request = new Request(`${local}/auth/dev`, { headers: extra });
      if (peer !== null) request.headers.set(PEER_ADDRESS_HEADER, peer);
      return request;
    };
    const auto = { appUrl: local, google: null, devSignIn: "auto" } as const;
    expect(devSignInAllowedFor(auto, from("127.0.0.1"))).toBe(true);
    expect(devSignInAllowedFor(auto, from("::1"))).toBe(true);
    expect(devSignInAllowedFor(auto, from("192.168.1.9", { Host: "localhost", "X-Forwarded-For": "127.0.0.1" }))).toBe(false);
    expect(devSignInAllowedFor(auto, from(null))).toBe(false);
    expect(devSignInAllowedFor({ ...auto, devSignIn: "on" }, from("203.0.113.1"))).toBe(true);
    expect(devSignInAllowedFor({ ...auto, google }, from("127.0.0.1"))).toBe(false);
  });

  it("npm start's banner says when it is on and for whom", () => {
    const banner = (vars: Record<string, string>) => devSignInBanner(parseEnv({ DATA_DIR: dir, ...vars }));
    expect(banner({})).toMatch(/^Development sign-in is on for requests from this machine only \(loopback\)/);
    expect(banner({ DEV_SIGN_IN: "on", APP_URL: "https://staging.example" })).toMatch(/^WARNING: the development sign-in is ON FOR EVERY VISITOR \(DEV_SIGN_IN=on\)/);
    expect(banner({ DEV_SIGN_IN: "off" })).toBeNull();
    expect(banner({ GOOGLE_CLIENT_ID: "cid", DEV_SIGN_IN: "on" })).toBeNull();
    expect(banner({ APP_URL: "https://toolnest.example" })).toBeNull();
    expect(() => parseEnv({ DEV_SIGN_IN: "yes" })).toThrow(/DEV_SIGN_IN/);
  });
});

describe("auth settings from the environment", () => {
  it("generates AUTH_SECRET once into DATA_DIR/auth-secret with mode 600", () => {
    const dataDir = path.join(dir, "data");
    const embedded = { DATA_DIR: dataDir, AUTH_SECRET: undefined, DATABASE_URL: undefined };
    const first = resolveAuthSecret(embedded);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dataDir, "auth-secret")).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret(embedded)).toBe(first);
    expect(resolveAuthSecret({ ...embedded, AUTH_SECRET: "x".repeat(40) })).toBe("x".repeat(40));
  });

  it("on PostgreSQL keeps one secret per installation in the database: every instance resolves the same one", async () => {
    // Two instances starting at once against the same database, then a third later.
    const [a, b] = await Promise.all([sharedAuthSecret(getDb()), sharedAuthSecret(getDb())]);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(b).toBe(a);
    expect(await sharedAuthSecret(getDb())).toBe(a);
    const [row] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from app_secrets`);
    expect(row!.n).toBe(1);

    // What the settings of two instances (each loading it at start-up) resolve to: the database's, not a file's.
    const postgres = { DATA_DIR: path.join(dir, "unused"), AUTH_SECRET: undefined, DATABASE_URL: "postgres://db.invalid/toolnest" };
    await loadSharedAuthSecret(getDb(), postgres);
    expect(resolveAuthSecret(postgres)).toBe(a);
    await loadSharedAuthSecret(getDb(), postgres);
    expect(resolveAuthSecret(postgres)).toBe(a);
    expect(fs.existsSync(postgres.DATA_DIR)).toBe(false);
    expect(resolveAuthSecret({ ...postgres, AUTH_SECRET: "y".repeat(40) })).toBe("y".repeat(40));
  });

  it("configures Google from GOOGLE_CLIENT_ID with Google's discovery URL by default", () => {
    const e = parseEnv({ DATA_DIR: dir, AUTH_SECRET: "s".repeat(32), GOOGLE_CLIENT_ID: "cid", GOOGLE_CLIENT_SECRET: "sec" });
    expect(authSettingsFromEnv(e).google).toEqual({
      clientId: "cid",
      clientSecret: "sec",
      discoveryUrl: "https://accounts.google.com/.well-known/openid-configuration",
    });
    expect(authSettingsFromEnv(parseEnv({ DATA_DIR: dir, AUTH_SECRET: "s".repeat(32) })).google).toBeNull();
  });

  it("rejects a short AUTH_SECRET", () => {
    expect(() => parseEnv({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET must be at least 32 characters/);
  });
});
