/**
 * The first administrator (decision 018): while no admin exists, the Admin Portal's Create Super
 * Admin button makes one from an e-mail and password; `npm run admin:create` makes or promotes
 * one at any time from the command line.
 */
import crypto from "node:crypto";
import { isAPIError } from "better-auth/api";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { getAuth } from "~/domain/auth/auth.server";
import { DEV_PROVIDER_ID } from "~/domain/auth/dev-sign-in.server";
import { parseForm } from "~/lib/forms";
import { adminCredentialsSchema, adminEmailSchema, adminPasswordSchema, ADMIN_MESSAGES } from "../admin";

/** Serialises first-admin creations across instances (transaction-scoped). */
const FIRST_ADMIN_LOCK = 7243041;

export async function adminCount(db: Pick<Database, "execute"> = getDb()): Promise<number> {
  const row = await selectRow(db, z.object({ count: col.int }), sql`select count(*)::int as count from admin_users`);
  return row!.count;
}

function withCookies(from: Headers): Headers {
  const to = new Headers();
  for (const value of from.getSetCookie()) to.append("Set-Cookie", value);
  return to;
}

function nameOf(email: string) {
  return email.split("@")[0]!.slice(0, 60) || "Admin";
}

export type SuperAdminResult =
  | { ok: true; headers: Headers }
  | { ok: false; status: 400 | 403 | 409; field?: "email" | "password"; message: string };

/**
 * Creates the first admin: refused once any admin exists (checked again under a lock, so two
 * concurrent clicks make one admin) and for an e-mail that already has an account. The admin
 * entry is claimed first, then the account is made through Better Auth (which signs it in); if
 * that fails the claim is withdrawn.
 */
export async function createSuperAdmin(input: { email: unknown; password: unknown }, request: Request): Promise<SuperAdminResult> {
  const parsed = parseForm(adminCredentialsSchema, input);
  if (!parsed.ok) {
    const field = parsed.errors.email ? "email" : "password";
    return { ok: false, status: 400, field, message: parsed.errors[field]! };
  }
  const { email, password } = parsed.data;

  const db = getDb();
  const claim = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`);
    if ((await adminCount(tx)) > 0) return "admin-exists" as const;
    const taken = await selectRows(tx, z.object({ found: col.int }), sql`select 1 as found from "user" where lower(email) = ${email}`);
    if (taken.length) return "account-exists" as const;
    await tx.execute(sql`insert into admin_users (email) values (${email})`);
    return "claimed" as const;
  });
  if (claim === "admin-exists") return { ok: false, status: 403, message: ADMIN_MESSAGES.adminExists };
  if (claim === "account-exists") return { ok: false, status: 409, field: "email", message: ADMIN_MESSAGES.accountExists };

  try {
    const { headers } = await getAuth().api.signUpEmail({
      body: { email, password, name: nameOf(email) },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers: withCookies(headers) };
  } catch (error) {
    await db.execute(sql`delete from admin_users where email = ${email}`);
    if (isAPIError(error)) {
      const status = error.statusCode === 422 ? 409 : 400;
      return { ok: false, status, message: error.body?.message ?? error.message };
    }
    throw error;
  }
}

export interface EnsureAdminResult {
  email: string;
  createdUser: boolean;
  /** The password chosen for the account when the command made one up. */
  generatedPassword: string | null;
  passwordChanged: boolean;
}

export class AdminCreateError extends Error {}

/** What is wrong with the command's e-mail or password, or null (checked before the database opens). */
export function checkAdminInput(input: { email: string; password?: string }): string | null {
  if (!adminEmailSchema.safeParse(input.email).success) return `${ADMIN_MESSAGES.invalidEmail}: ${JSON.stringify(input.email)}`;
  if (input.password === undefined) return null;
  const parsed = adminPasswordSchema.safeParse(input.password);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

/** A password of 24 URL-safe characters (144 bits). */
export function generatePassword(): string {
  return crypto.randomBytes(18).toString("base64url");
}

/**
 * `npm run admin:create`: makes `email` an admin. A new address gets an e-mail/password account
 * (with the given password or a generated one); an existing account keeps its password unless one
 * is given, and gets a generated one if it has none (it signed in with Google only).
 */
export async function ensureAdmin(input: { email: string; password?: string }): Promise<EnsureAdminResult> {
  const problem = checkAdminInput(input);
  if (problem) throw new AdminCreateError(problem);
  const email = adminEmailSchema.parse(input.email);
  const given = input.password;

  const auth = getAuth();
  const context = await auth.$context;
  const found = await context.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  let createdUser = false;
  let generatedPassword: string | null = null;
  let passwordChanged = false;

  if (!found) {
    const password = given ?? (generatedPassword = generatePassword());
    const result = await auth.api.signUpEmail({ body: { email, password, name: nameOf(email) } });
    // Sign-up signs the new account in; nobody holds that session.
    if (result.token) await context.internalAdapter.deleteSession(result.token);
    createdUser = true;
  } else {
    if (found.accounts.some((a) => a.providerId === DEV_PROVIDER_ID)) {
      throw new AdminCreateError(
        `${email} has signed in through the development sign-in screen, and such accounts never get admin rights. Use another address.`,
      );
    }
    const credential = found.accounts.find((a) => a.providerId === "credential");
    const password = given ?? (credential ? undefined : (generatedPassword = generatePassword()));
    if (password !== undefined) {
      const hash = await context.password.hash(password);
      if (credential) await context.internalAdapter.updatePassword(found.user.id, hash);
      else await context.internalAdapter.linkAccount({ userId: found.user.id, providerId: "credential", accountId: found.user.id, password: hash });
      passwordChanged = true;
    }
  }
  await getDb().execute(sql`insert into admin_users (email) values (${email}) on conflict (email) do nothing`);
  return { email, createdUser, generatedPassword, passwordChanged };
}
