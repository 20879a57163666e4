import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { authSettingsFromEnv, devSignInAllowed, isLocalHost, resolveAuthSecret } from "./config.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-auth-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("development sign-in availability", () => {
  it.each(["http://localhost:3000", "http://127.0.0.1:8080", "http://127.1.2.3", "http://[::1]:3000", "http://app.localhost"])(
    "%s is local",
    (url) => expect(isLocalHost(url)).toBe(true),
  );
  it.each(["https://toolnest.example", "http://192.168.1.10:3000", "http://localhost.evil.example", "http://10.0.0.1", "nonsense"])(
    "%s is not local",
    (url) => expect(isLocalHost(url)).toBe(false),
  );

  it("is on only without Google and with a local APP_URL", () => {
    const google = { clientId: "id", discoveryUrl: "https://accounts.google.com/.well-known/openid-configuration" };
    expect(devSignInAllowed({ appUrl: "http://localhost:3000", google: null })).toBe(true);
    expect(devSignInAllowed({ appUrl: "http://localhost:3000", google })).toBe(false);
    expect(devSignInAllowed({ appUrl: "https://toolnest.example", google: null })).toBe(false);
  });
});

describe("auth settings from the environment", () => {
  it("generates AUTH_SECRET once into DATA_DIR/auth-secret with mode 600", () => {
    const dataDir = path.join(dir, "data");
    const first = resolveAuthSecret({ DATA_DIR: dataDir, AUTH_SECRET: undefined });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dataDir, "auth-secret")).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret({ DATA_DIR: dataDir, AUTH_SECRET: undefined })).toBe(first);
    expect(resolveAuthSecret({ DATA_DIR: dataDir, AUTH_SECRET: "x".repeat(40) })).toBe("x".repeat(40));
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
