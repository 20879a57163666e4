import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env, type Env } from "~/lib/env.server";

/** What the Better Auth instance is built from; tests build their own. */
export interface AuthSettings {
  appUrl: string;
  secret: string;
  google: { clientId: string; clientSecret?: string; discoveryUrl: string } | null;
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: addresses only this machine can reach. */
export function isLocalHost(appUrl: string): boolean {
  let host: string;
  try {
    host = new URL(appUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  return host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "::1";
}

/**
 * The development sign-in screen stands in for Google only on a machine nobody else can reach
 * and only while Google is not configured.
 */
export function devSignInAllowed(settings: Pick<AuthSettings, "appUrl" | "google">): boolean {
  return settings.google === null && isLocalHost(settings.appUrl);
}

/** AUTH_SECRET, else a secret generated once and kept in DATA_DIR/auth-secret (mode 600). */
export function resolveAuthSecret(e: Pick<Env, "AUTH_SECRET" | "DATA_DIR">): string {
  if (e.AUTH_SECRET) return e.AUTH_SECRET;
  const file = path.join(e.DATA_DIR, "auth-secret");
  try {
    return readSecret(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(e.DATA_DIR, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url") + "\n", { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another instance wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readSecret(file);
}

function readSecret(file: string): string {
  const value = fs.readFileSync(file, "utf8").trim();
  if (value.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; delete it or set AUTH_SECRET.`);
  return value;
}

export function authSettingsFromEnv(e: Env = env()): AuthSettings {
  return {
    appUrl: e.APP_URL,
    secret: resolveAuthSecret(e),
    google: e.GOOGLE_CLIENT_ID
      ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, discoveryUrl: e.GOOGLE_DISCOVERY_URL }
      : null,
  };
}
