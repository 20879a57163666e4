import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { getAuth, setAuthSettings } from "~/domain/auth/auth.server";
import { isAdmin } from "~/domain/auth/session.server";
import { createUser } from "../../../../tests/factories";
import { devSignIn, localSettings } from "../../../../tests/support/auth";
import { AdminCreateError, adminCount, ensureAdmin } from "./super-admin.server";

beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));

async function signsIn(email: string, password: string) {
  const { response } = await getAuth().api.signInEmail({ body: { email, password }, returnHeaders: true });
  return response.user;
}

describe("ensureAdmin (npm run admin:create)", () => {
  it("creates a new e-mail/password admin, without leaving a session behind", async () => {
    const before = await adminCount();
    const result = await ensureAdmin({ email: "New.Admin@Example.com", password: "new-admin-pw" });
    expect(result).toEqual({ email: "new.admin@example.com", createdUser: true, generatedPassword: null, passwordChanged: false });
    expect(await adminCount()).toBe(before + 1);
    const [sessions] = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from session s join "user" u on u.id = s.user_id where u.email = 'new.admin@example.com'`,
    );
    expect(sessions!.n).toBe(0);
    const user = await signsIn("new.admin@example.com", "new-admin-pw");
    expect(await isAdmin(user)).toBe(true);
  });

  it("gives an account without a password (e.g. Google only) a generated one, and keeps an existing password", async () => {
    const id = await createUser(getDb());
    const result = await ensureAdmin({ email: `${id}@example.com` });
    expect(result.createdUser).toBe(false);
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const user = await signsIn(`${id}@example.com`, result.generatedPassword!);
    expect(await isAdmin(user)).toBe(true);

    const again = await ensureAdmin({ email: `${id}@example.com` });
    expect(again.generatedPassword).toBeNull();
    expect(again.passwordChanged).toBe(false);
    await signsIn(`${id}@example.com`, result.generatedPassword!);
  });

  it("refuses an address used with the development sign-in, and bad input", async () => {
    await devSignIn("dev.person@example.com");
    await expect(ensureAdmin({ email: "dev.person@example.com", password: "whatever-pw" })).rejects.toThrow(AdminCreateError);
    const [row] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from admin_users where email = 'dev.person@example.com'`);
    expect(row!.n).toBe(0);
    await expect(ensureAdmin({ email: "nope" })).rejects.toThrow("Please enter a valid email address");
    await expect(ensureAdmin({ email: "ok@example.com", password: "12345" })).rejects.toThrow("Password must be at least 6 characters");
  });
});
