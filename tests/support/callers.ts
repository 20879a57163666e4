import { beforeAll } from "vitest";
import { adminCookie, signedInCookie } from "./auth";

/**
 * For one test file: the session cookies of an administrator (`<name>.admin.<run>@example.com`)
 * and of a member (`<name>.member.<run>@example.com`), signed in before its tests. The auth
 * settings must be in place first (an earlier beforeAll). Read the fields inside tests.
 */
export function adminAndMember(name: string, run: string) {
  const cookies = { admin: "", member: "" };
  beforeAll(async () => {
    cookies.admin = await adminCookie(`${name}.admin.${run}@example.com`);
    cookies.member = await signedInCookie(`${name}.member.${run}@example.com`);
  });
  return cookies;
}
