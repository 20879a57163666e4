import { sql } from "drizzle-orm";
import { z } from "zod";
import { col, selectRow } from "~/db/rows.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { formRequest, localSettings, signedInCookie } from "../../../tests/support/auth";
import { afterSignInPath, onboardingAction, onboardingLoader } from "./requests.server";

beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));

async function userId(email: string) {
  const row = await selectRow(getDb(), z.object({ id: col.text }), sql`select id from "user" where email = ${email}`);
  return row!.id;
}

const page = (path: string, cookie: string) => new Request(`http://localhost:3000${path}`, { headers: { Cookie: cookie } });

describe("first sign-in and onboarding", () => {
  it("leads a new user to onboarding, carrying where the sign-in was going", async () => {
    const cookie = await signedInCookie("first-timer@example.com");
    expect(await afterSignInPath({ email: "First-Timer@example.com" }, "/")).toBe("/onboarding");
    expect(await afterSignInPath({ email: "first-timer@example.com" }, "/my-products?tab=drafts")).toBe(
      "/onboarding?redirectTo=%2Fmy-products%3Ftab%3Ddrafts",
    );
    // A foreign or odd target is never carried along.
    expect(await afterSignInPath({ userId: await userId("first-timer@example.com") }, "//evil.example")).toBe("/onboarding");
    expect(await onboardingLoader(page("/onboarding?redirectTo=%2Fsubmit", cookie))).toMatchObject({ redirectTo: "/submit" });
    expect(await onboardingLoader(page("/onboarding?redirectTo=https%3A%2F%2Fevil.example", cookie))).toMatchObject({ redirectTo: "/" });
  });

  it("Skip for now is kept on the profile: home, and onboarding is not offered again", async () => {
    const cookie = await signedInCookie("skipper@example.com");
    const response = (await onboardingAction(formRequest("/onboarding", { intent: "skip", redirectTo: "/" }, { cookie }))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const [row] = await queryRows<{ skipped: string | null; updated: boolean }>(
      getDb(),
      sql`select onboarding_skipped_at::text as skipped, updated_at = created_at as updated from profiles where email = 'skipper@example.com'`,
    );
    expect(row!.skipped).not.toBeNull();
    // Skipping is not completing: the profile keeps its never-edited state.
    expect(row!.updated).toBe(true);
    expect(await afterSignInPath({ email: "skipper@example.com" }, "/")).toBe("/");
    expect(await afterSignInPath({ email: "skipper@example.com" }, "/profile")).toBe("/profile");
    // Skip needs no valid username, and a second skip changes nothing.
    const again = (await onboardingAction(formRequest("/onboarding", { intent: "skip", username: "" }, { cookie }))) as Response;
    expect(again.headers.get("Location")).toBe("/");
  });

  it("a completed profile continues where the sign-in was going and is not offered onboarding again", async () => {
    const cookie = await signedInCookie("completer@example.com");
    const response = (await onboardingAction(
      formRequest("/onboarding", { username: "Completer", career: "", redirectTo: "/my-products" }, { cookie }),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/my-products");
    expect(await afterSignInPath({ email: "completer@example.com" }, "/")).toBe("/");
  });

  it("refuses a signed-out skip", async () => {
    await expect(onboardingAction(formRequest("/onboarding", { intent: "skip" }))).rejects.toMatchObject({ status: 302 });
  });
});
