import fs from "node:fs";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { queryRows } from "../tests/support/raw-rows";
import { runScript } from "../tests/integration/run-script";
import { tempDirs } from "../tests/support/temp-dirs";

const temp = tempDirs("toolnest-admin-create-");
const tempDir = temp.make;
afterAll(temp.removeAll);

const SCRIPT = "scripts/admin-create.ts";

describe("npm run admin:create", { timeout: 300_000 }, () => {
  it("refuses bad arguments in one line, before touching the database", async () => {
    const dataDir = tempDir();
    for (const [args, message] of [
      [[], "Error: --email is required. Usage: npm run admin:create -- --email <address> [--password <password>]"],
      [["--email"], "Error: --email needs a value. Usage: npm run admin:create -- --email <address> [--password <password>]"],
      [["--email", "a@b.example", "--role", "x"], "Error: unknown argument --role. Usage: npm run admin:create -- --email <address> [--password <password>]"],
      [["--email", "other@example.com", "--password", "12345"], "Error: Password must be at least 6 characters"],
      [["--email", "not-an-address"], 'Error: Please enter a valid email address: "not-an-address"'],
    ] as const) {
      const result = await runScript(SCRIPT, [...args], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(message);
    }
    expect(fs.existsSync(path.join(dataDir, "pgdata"))).toBe(false);
  });

  it("creates an admin with a generated password, keeps it on a re-run and sets a given one", async () => {
    const dataDir = tempDir();
    const first = await runScript(SCRIPT, ["--email", "Owner@Example.com"], { DATA_DIR: dataDir });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const [ready, passwordLine] = first.stdout.trim().split("\n");
    expect(ready).toBe("Admin ready: owner@example.com");
    expect(passwordLine).toMatch(/^Password: [A-Za-z0-9_-]{24}$/);

    const again = await runScript(SCRIPT, ["--email", "owner@example.com"], { DATA_DIR: dataDir });
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe("Admin ready: owner@example.com");

    const hashes: string[] = [];
    const readState = async () => {
      const handle = await openDatabase({ dataDir, purpose: "test" });
      try {
        const admins = await queryRows<{ email: string }>(handle.db, sql`select email from admin_users`);
        const accounts = await queryRows<{ provider_id: string; password: string }>(
          handle.db,
          sql`select a.provider_id, a.password from account a join "user" u on u.id = a.user_id where u.email = 'owner@example.com'`,
        );
        return { admins, accounts };
      } finally {
        await handle.close();
      }
    };
    const before = await readState();
    expect(before.admins).toEqual([{ email: "owner@example.com" }]);
    expect(before.accounts.map((a) => a.provider_id)).toEqual(["credential"]);
    hashes.push(before.accounts[0]!.password);
    // The printed password is the account's.
    expect(await verifyPassword({ hash: hashes[0]!, password: passwordLine!.slice("Password: ".length) })).toBe(true);

    const set = await runScript(SCRIPT, ["--email", "owner@example.com", "--password", "chosen-password"], { DATA_DIR: dataDir });
    expect(set.code).toBe(0);
    expect(set.stdout.trim()).toBe("Admin ready: owner@example.com\nPassword set.");
    const after = await readState();
    expect(after.admins).toEqual([{ email: "owner@example.com" }]);
    expect(await verifyPassword({ hash: after.accounts[0]!.password, password: "chosen-password" })).toBe(true);

  });
});
