import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { mailIdle, setMailSettings } from "~/lib/mail/mail.server";
import { adminCookie, localSettings, signedInCookie } from "./auth";
import { tempDirs } from "./temp-dirs";

/**
 * The preamble of a test file that calls admin pages as requests: local sign-in settings, e-mail
 * written to a temporary outbox, and the session cookies of an admin and of a member (signed in
 * once, before the first test, as `{name}.admin.{run}@example.com` and `{name}.member.…`).
 * Everything is undone after the last test.
 */
export function adminSessions(name: string): { readonly admin: string; readonly member: string } {
  const run = Date.now().toString(36);
  const temp = tempDirs(`toolnest-${name}-`);
  const cookies = { admin: "", member: "" };
  beforeAll(async () => {
    setAuthSettings(localSettings());
    setMailSettings({ smtpUrl: null, from: "Toolnest <no-reply@localhost>", outboxDir: path.join(temp.make(), "outbox") });
    cookies.admin = await adminCookie(`${name}.admin.${run}@example.com`);
    cookies.member = await signedInCookie(`${name}.member.${run}@example.com`);
  });
  afterAll(async () => {
    await mailIdle();
    setMailSettings(undefined);
    setAuthSettings(undefined);
    temp.removeAll();
  });
  return cookies;
}
