import { expect, expectAccessible, open, signInThroughDevScreen, skipOnboarding, test, uniqueEmail } from "./fixtures";

test("/auth offers Google sign-in, which leads to the labelled development screen on a local machine", async ({ page }) => {
  await open(page, "/auth");
  await expect(page.getByRole("heading", { name: "Welcome to Toolnest" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(/\/auth\/dev\?redirectTo=%2F$/);
  await expect(page.getByRole("heading", { name: "Development sign-in" })).toBeVisible();
  await expect(page.getByText(/only available locally/)).toBeVisible();
  await expectAccessible(page);
});

test("sign in, onboarding, profile and sign out", async ({ page, consoleErrors }, testInfo) => {
  const email = uniqueEmail(testInfo, "walker");
  await signInThroughDevScreen(page, email, "/auth?redirectTo=%2Fonboarding");
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole("heading", { name: "Complete Your Profile" })).toBeVisible();
  await expectAccessible(page);

  // The user menu replaces Sign in.
  const username = email.split("@")[0]!.replace(/[^a-z0-9]/gi, "");
  const menuButton = page.getByRole("button", { name: username });
  await expect(menuButton).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toHaveCount(0);

  // Onboarding: the server's message for a short username, then a save.
  await page.getByLabel("Username").fill("ab");
  await page.getByRole("button", { name: "Complete Setup & Continue" }).click();
  await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
  // The action answers 400 on purpose; Chromium reports that status as a console error.
  for (let i = consoleErrors.length - 1; i >= 0; i -= 1) if (/status of 400/.test(consoleErrors[i]!)) consoleErrors.splice(i, 1);
  const chosen = `u${Date.now().toString(36)}${testInfo.project.name.slice(0, 3)}`;
  await page.getByLabel("Username").fill(chosen);
  await page.getByLabel("Career / Profession").fill("Designer");
  await page.getByRole("button", { name: "Complete Setup & Continue" }).click();
  await expect(page).toHaveURL(/\/$/);

  // A complete profile skips onboarding; the profile card shows what was saved.
  await open(page, "/onboarding");
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("button", { name: chosen }).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { name: chosen })).toBeVisible();
  await expect(page.getByText("Designer")).toBeVisible();
  await expect(page.getByText("Joined")).toBeVisible();
  await expectAccessible(page);

  // Sign out: toast, and Sign in is back.
  await page.getByRole("button", { name: chosen }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByText("Signed Out")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: chosen })).toHaveCount(0);
  if (testInfo.project.name === "mobile") {
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog").getByRole("link", { name: "Sign in" })).toBeVisible();
  } else {
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  }
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile$/);
});

test("signing in lands on the path that sent the visitor to /auth", async ({ page }, testInfo) => {
  await open(page, "/claim-product");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fclaim-product$/);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.getByLabel("Email").fill(uniqueEmail(testInfo, "claimer"));
  await page.getByRole("button", { name: "Continue" }).click();
  await skipOnboarding(page, "/auth?redirectTo=%2Fclaim-product");
  await expect(page).toHaveURL(/\/claim-product$/);
  await expect(page.getByRole("heading", { name: "Claim a Product" })).toBeVisible();
});

test("a signed-in visitor's pages are never cached for others", async ({ page, request }, testInfo) => {
  await signInThroughDevScreen(page, uniqueEmail(testInfo, "private"));
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  const response = await page.request.get("/");
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  expect(response.headers()["x-page-cache"]).toBeUndefined();
  const anonymous = await request.get("/");
  expect(anonymous.headers()["cache-control"]).toContain("public");
  expect(anonymous.headers()["vary"]).toContain("Cookie");
});

for (const path of ["/profile", "/onboarding", "/my-products", "/submit-product-details", "/claim-product"]) {
  test(`${path} sends a signed-out visitor to /auth with the return path`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/auth\\?redirectTo=${encodeURIComponent(path)}$`));
    await expect(page.getByRole("heading", { name: "Welcome to Toolnest" })).toBeVisible();
  });
}

test("/my-office redirects to /login", async ({ request }) => {
  const response = await request.get("/my-office", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/login");
});

test("a redirectTo pointing at another site ends on our own site", async ({ page, baseURL }, testInfo) => {
  await signInThroughDevScreen(page, uniqueEmail(testInfo, "evil"), "/auth?redirectTo=%2F%2Fevil.example");
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.goto("/auth?redirectTo=//evil.example");
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.goto("/auth?redirectTo=/%5Cevil.example");
  await expect(page).toHaveURL(`${baseURL}/`);
});

test("the development sign-in form refuses a cross-site post", async ({ request }) => {
  const response = await request.post("/auth/dev", {
    form: { email: "x@example.com" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  // React Router's own CSRF check answers 400 before our Origin check (403) would.
  expect([400, 403]).toContain(response.status());
  expect(response.headers()["set-cookie"] ?? "").not.toContain("session_token=");
});
