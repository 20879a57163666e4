import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/registry.server";
import { setAuthSettings } from "~/domain/auth/auth.server";
import * as logoutRoute from "~/routes/logout";
import { formRequest, localSettings, signedInCookie } from "../../tests/support/auth";
import { onboardingAction, onboardingLoader } from "~/features/profile/requests.server";
import { getProfile } from "~/domain/people/profile-record.server";
import { isProfileComplete } from "~/features/profile/profile";

beforeAll(() => setAuthSettings(localSettings()));
afterAll(() => setAuthSettings(undefined));

type ErrorResult = { data: { errors: Record<string, string> }; init: { status: number } };

describe("onboarding", () => {
  it("sends a signed-out visitor to /auth", async () => {
    await expect(onboardingLoader(new Request("http://localhost:3000/onboarding"))).rejects.toMatchObject({ status: 302 });
    await expect(onboardingAction(formRequest("/onboarding", { username: "abc" }))).rejects.toMatchObject({
      status: 302,
      headers: expect.any(Headers),
    });
  });

  it.each([
    ["", "Username must be at least 3 characters"],
    ["ab", "Username must be at least 3 characters"],
    ["   ab   ", "Username must be at least 3 characters"],
    ["x".repeat(51), "Username must be at most 50 characters"],
  ])("refuses the username %j on the server", async (username, message) => {
    const cookie = await signedInCookie("validate@example.com");
    const result = (await onboardingAction(formRequest("/onboarding", { username, career: "" }, { cookie }))) as unknown as ErrorResult;
    expect(result.init.status).toBe(400);
    expect(result.data.errors.username).toBe(message);
  });

  it("refuses a username someone else has", async () => {
    await signedInCookie("takenname@example.com");
    const cookie = await signedInCookie("other-person@example.com");
    const result = (await onboardingAction(formRequest("/onboarding", { username: "TakenName" }, { cookie }))) as unknown as ErrorResult;
    expect(result.data.errors.username).toBe("This username is already taken.");
  });

  it.each(["ａｄｍｉｎ", "𝕒𝕕𝕞𝕚𝕟", "ADMIN"])("refuses the look-alike %j of a username someone else has", async (username) => {
    const owner = await signedInCookie("lookalike-owner@example.com");
    const saved = (await onboardingAction(formRequest("/onboarding", { username: "admin", career: "" }, { cookie: owner }))) as Response;
    expect(saved.status).toBe(302);
    const cookie = await signedInCookie("impostor@example.com");
    const result = (await onboardingAction(formRequest("/onboarding", { username, career: "" }, { cookie }))) as unknown as ErrorResult;
    expect(result.data.errors.username).toBe("This username is already taken.");
  });

  it("refuses invisible and text-direction characters, and stores the NFKC form", async () => {
    const cookie = await signedInCookie("hidden-chars@example.com");
    for (const username of ["ad\u200bmin2", "\u202eevil", "name\u0007"]) {
      const result = (await onboardingAction(formRequest("/onboarding", { username, career: "" }, { cookie }))) as unknown as ErrorResult;
      expect(result.init.status).toBe(400);
      expect(result.data.errors.username).toBe("Username cannot contain control, invisible or text-direction characters");
    }
    const response = (await onboardingAction(formRequest("/onboarding", { username: "Ｗｉｄｅ", career: "" }, { cookie }))) as Response;
    expect(response.status).toBe(302);
    const row = await getDb().query.user.findFirst({ where: (u, { eq }) => eq(u.email, "hidden-chars@example.com") });
    expect((await getProfile(getDb(), row!.id))!.username).toBe("Wide");
  });

  it("saves, sets updated_at, goes home, and a complete profile skips onboarding afterwards", async () => {
    const cookie = await signedInCookie("saver@example.com");
    expect(await onboardingLoader(new Request("http://localhost:3000/onboarding", { headers: { Cookie: cookie } }))).toEqual({
      username: "saver",
      career: "",
      redirectTo: "/",
    });
    const response = (await onboardingAction(
      formRequest("/onboarding", { username: "  Saver42 ", career: " Designer " }, { cookie }),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/");
    const rows = await getDb().query.user.findFirst({ where: (u, { eq }) => eq(u.email, "saver@example.com") });
    const profile = (await getProfile(getDb(), rows!.id))!;
    expect(profile).toMatchObject({ username: "Saver42", career: "Designer" });
    expect(isProfileComplete(profile)).toBe(true);
    await expect(
      onboardingLoader(new Request("http://localhost:3000/onboarding", { headers: { Cookie: cookie } })),
    ).rejects.toMatchObject({ status: 302 });
  });
});

describe("sign out", () => {
  it("clears the session cookie and flashes Signed Out on the way home", async () => {
    const cookie = await signedInCookie("bye@example.com");
    const response = (await logoutRoute.action({ request: formRequest("/logout", {}, { cookie }), params: {}, context: {} } as never)) as Response;
    expect(response.headers.get("Location")).toBe("/");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => /^better-auth\.session_token=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
    expect(cookies.some((c) => c.startsWith("toolnest_flash="))).toBe(true);
  });
});
