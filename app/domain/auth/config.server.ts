import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { env, type Env } from "~/lib/env.server";
import { fromLoopback } from "~/lib/http/client-address";
import { isLocalHost } from "~/lib/http/local-host";
import { services } from "~/lib/services.server";

export type DevSignInMode = Env["DEV_SIGN_IN"];

/** What the Better Auth instance is built from; tests build their own. */
export interface AuthSettings {
  appUrl: string;
  secret: string;
  google: { clientId: string; clientSecret?: string; discoveryUrl: string } | null;
  /** DEV_SIGN_IN: see devSignInAllowed. */
  devSignIn: DevSignInMode;
}

/**
 * Whether the development sign-in can be on at all: never while Google is configured; with
 * DEV_SIGN_IN=auto only for a local APP_URL; with "on" whatever APP_URL says.
 */
export function devSignInAllowed(settings: Pick<AuthSettings, "appUrl" | "google" | "devSignIn">): boolean {
  if (settings.google !== null || settings.devSignIn === "off") return false;
  return settings.devSignIn === "on" || isLocalHost(settings.appUrl);
}

/**
 * Whether this request may use the development sign-in: in "auto" mode only from this machine,
 * judged by the socket's address (a local APP_URL says nothing about who connects: the server
 * listens on every interface by default, and Host or X-Forwarded-For are the client's to choose).
 */
export function devSignInAllowedFor(settings: Pick<AuthSettings, "appUrl" | "google" | "devSignIn">, request: Request): boolean {
  return devSignInAllowed(settings) && (settings.devSignIn === "on" || fromLoopback(request));
}

/** What `npm start` prints first when the development sign-in is on, saying for whom; null when off. */
export function devSignInBanner(e: Env): string | null {
  if (!devSignInAllowed({ appUrl: e.APP_URL, google: googleSettings(e), devSignIn: e.DEV_SIGN_IN })) return null;
  const how = "signs in any new e-mail address without a password at /auth/dev";
  return e.DEV_SIGN_IN === "on"
    ? `WARNING: the development sign-in is ON FOR EVERY VISITOR (DEV_SIGN_IN=on): it ${how}. Set GOOGLE_CLIENT_ID or DEV_SIGN_IN=off for a real site.`
    : `Development sign-in is on for requests from this machine only (loopback): it ${how}. Set GOOGLE_CLIENT_ID or DEV_SIGN_IN=off to turn it off.`;
}

/**
 * AUTH_SECRET; else, on PostgreSQL, the installation's secret from the database (one for every
 * instance, loaded at start-up by loadSharedAuthSecret); else, on the embedded database (one
 * process), a secret generated once and kept in DATA_DIR/auth-secret (mode 600).
 */
export function resolveAuthSecret(e: Pick<Env, "AUTH_SECRET" | "DATA_DIR" | "DATABASE_URL">): string {
  if (e.AUTH_SECRET) return e.AUTH_SECRET;
  if (e.DATABASE_URL) {
    const shared = services().authSecret;
    if (!shared) throw new Error("The installation's auth secret has not been read from the database yet (prepareDatabase reads it).");
    return shared;
  }
  const file = path.join(e.DATA_DIR, "auth-secret");
  try {
    return readSecret(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(e.DATA_DIR, { recursive: true });
  try {
    fs.writeFileSync(file, newSecret() + "\n", { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another instance wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readSecret(file);
}

declare module "~/lib/services.server" {
  interface Services {
    /** The installation's auth secret from PostgreSQL, read at start (loadSharedAuthSecret). */
    authSecret: string;
  }
}

/** Reads (making it on the very first start) the installation's secret when PostgreSQL holds it. */
export async function loadSharedAuthSecret(db: Database, e: Pick<Env, "AUTH_SECRET" | "DATABASE_URL"> = env()): Promise<void> {
  if (e.AUTH_SECRET || !e.DATABASE_URL) return;
  services().authSecret = await sharedAuthSecret(db);
}

/** The one auth secret of the database: the first of concurrently starting instances inserts it, all read it back. */
export async function sharedAuthSecret(db: Database): Promise<string> {
  await db.execute(sql`insert into app_secrets (name, value) values ('auth_secret', ${newSecret()}) on conflict (name) do nothing`);
  const row = await selectRow(db, z.object({ value: col.text }), sql`select value from app_secrets where name = 'auth_secret'`);
  return row!.value;
}

function newSecret(): string {
  return crypto.randomBytes(32).toString("base64url");
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
    google: googleSettings(e),
    devSignIn: e.DEV_SIGN_IN,
  };
}

function googleSettings(e: Env): AuthSettings["google"] {
  return e.GOOGLE_CLIENT_ID ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, discoveryUrl: e.GOOGLE_DISCOVERY_URL } : null;
}
