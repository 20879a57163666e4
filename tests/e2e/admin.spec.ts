import type { Page } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "./admin-account";
import { FIXTURE_ACCOUNT_PASSWORD, fixtureAccountEmail } from "./fixture-data";
import { expect, expectAccessible, open, signInThroughDevScreen, test, uniqueEmail } from "./fixtures";

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

// Each test stands for a visitor at its own address, so failed sign-ins never lock out another test.
test.beforeEach(async ({ page }) => {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` });
});

/** Statuses the Admin Portal answers on purpose (Chromium reports them as console errors). */
function allowStatuses(consoleErrors: string[], statuses: number[]) {
  const pattern = new RegExp(`status of (${statuses.join("|")})`);
  for (let i = consoleErrors.length - 1; i >= 0; i -= 1) if (pattern.test(consoleErrors[i]!)) consoleErrors.splice(i, 1);
}

const answerField = (page: Page) => page.getByLabel(/^What is \d \+ \d\?$/);

async function rightAnswer(page: Page): Promise<number> {
  const question = await page.locator("label[for=admin-answer]").textContent();
  const [, a, b] = /What is (\d) \+ (\d)\?/.exec(question ?? "")!;
  return Number(a) + Number(b);
}

async function verifyChallenge(page: Page) {
  await answerField(page).fill(String(await rightAnswer(page)));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Verified" })).toBeVisible();
}

async function signInAsAdmin(page: Page, from = "/login") {
  await open(page, from);
  await page.getByLabel("Email").fill(E2E_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await verifyChallenge(page);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("the admin made by npm run admin:create signs in after a wrong, then a right math answer", async ({ page, consoleErrors }) => {
  await open(page, "/login");
  await expect(page.getByRole("heading", { name: "Admin Portal" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  // An admin exists (the e2e server made one), so the first-run button is gone.
  await expect(page.getByRole("button", { name: "Create Super Admin" })).toHaveCount(0);
  const signIn = page.getByRole("button", { name: "Sign In" });
  await expect(signIn).toBeDisabled();
  await expectAccessible(page);

  await page.getByLabel("Email").fill(E2E_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  const firstToken = await page.locator("input[name=challenge]").inputValue();
  await answerField(page).fill(String((await rightAnswer(page)) + 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Incorrect answer. Please try again.")).toBeVisible();
  // A new question, an empty answer, and Sign In still off.
  await expect(page.locator("input[name=challenge]")).not.toHaveValue(firstToken);
  await expect(answerField(page)).toHaveValue("");
  await expect(signIn).toBeDisabled();

  await answerField(page).fill("seven");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Please enter a valid number")).toBeVisible();
  await expect(signIn).toBeDisabled();

  await verifyChallenge(page);
  await expect(signIn).toBeEnabled();
  await signIn.click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  for (const card of ["Total Products", "Featured Products", "Categories"]) {
    await expect(page.getByText(card, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("list", { name: "Recently Added Products" }).getByRole("listitem")).toHaveCount(10);
  await expectAccessible(page);

  // Signed in, /login goes straight to the dashboard.
  await open(page, "/login");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Logout signs out and goes to the Admin Portal.
  if (isMobile(page)) await page.getByRole("button", { name: "Toggle navigation" }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Signed Out")).toBeVisible();
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
  allowStatuses(consoleErrors, [400]);
});

test("Sign In stays off until the answer is verified, and works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": "10.251.0.1" } });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeDisabled();
  await page.getByLabel("Email").fill(E2E_ADMIN_EMAIL);
  await answerField(page).fill(String(await rightAnswer(page)));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Verified")).toBeVisible();
  // The page came back from the server: the e-mail is kept, the password is typed again.
  await expect(page.getByLabel("Email")).toHaveValue(E2E_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await context.close();
});

test("the sixth failed attempt within 15 minutes is blocked", async ({ page, consoleErrors }, testInfo) => {
  const email = uniqueEmail(testInfo, "intruder");
  await open(page, "/login");
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(`guess-${attempt}`);
    await verifyChallenge(page);
    await page.getByRole("button", { name: "Sign In" }).click();
    // A failed sign-in shows the server's message and asks a new question.
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign In" })).toBeDisabled();
  }
  await page.getByLabel("Password").fill("guess-6");
  await verifyChallenge(page);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Too many login attempts. Please try again later." })).toBeVisible();
  allowStatuses(consoleErrors, [401, 429]);
});

test("a non-admin who signs in on the Admin Portal is signed out", async ({ page, consoleErrors, baseURL }, testInfo) => {
  // An ordinary e-mail/password account without an admin entry (tests/e2e/seed-fixtures.ts).
  const email = fixtureAccountEmail("member", testInfo.project.name, testInfo.retry);
  // Public e-mail sign-up is off (decision 019).
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { email: uniqueEmail(testInfo, "walk-in"), password: "member-password", name: "Member" },
    headers: { Origin: baseURL! },
  });
  expect(signUp.status()).toBe(404);

  await open(page, "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(FIXTURE_ACCOUNT_PASSWORD);
  await verifyChallenge(page);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This login page is for administrators only." })).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name.endsWith("session_token"))).toBe(false);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
  allowStatuses(consoleErrors, [403]);
});

test("a signed-in visitor without an admin entry is sent home with Access Denied", async ({ page }, testInfo) => {
  await signInThroughDevScreen(page, uniqueEmail(testInfo, "visitor"));
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Access Denied: You don't have admin privileges.")).toBeVisible();
});

test("admin paths send a signed-out visitor to /login with the path, and the server refuses admin actions", async ({ request, baseURL }) => {
  for (const path of ["/admin", "/admin/dashboard", "/admin/products?page=2", "/admin/nowhere"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  }
  // Every visit to the Admin Portal gets its own question: never a shared cached copy.
  const portal = await request.get("/login");
  expect(portal.headers()["cache-control"]).toBe("private, no-store");
  expect(portal.headers()["x-page-cache"]).toBeUndefined();
  const logout = await request.post("/admin", { form: { intent: "logout" }, maxRedirects: 0, headers: { Origin: baseURL! } });
  expect(logout.status()).toBe(302);
  expect(logout.headers()["location"]).toBe("/login?redirectTo=%2Fadmin");
});

test("an unknown admin path is a 404 inside the admin area, after signing in there", async ({ page }) => {
  await signInAsAdmin(page, "/login?redirectTo=%2Fadmin%2Fnowhere");
  await expect(page).toHaveURL(/\/admin\/nowhere$/);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  // Inside the admin layout.
  await expect(page.getByRole("button", { name: "Toggle navigation" })).toBeVisible();
  expect((await page.request.get("/admin/nowhere")).status()).toBe(404);
});

test("Create Super Admin is refused by the server once an admin exists", async ({ request, baseURL }) => {
  const response = await request.post("/login", {
    form: { intent: "create-super-admin", email: "usurper@example.com", password: "usurper-password" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain("An administrator already exists.");
  expect(response.headers()["set-cookie"] ?? "").not.toContain("session_token=");
});

test("the Admin Portal and the dashboard in the dark theme, and at 360 px", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await open(page, "/login");
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
  await expectAccessible(page);
  if (isMobile(page)) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByLabel("Email").fill(E2E_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await verifyChallenge(page);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expectAccessible(page);
  if (isMobile(page)) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The side navigation is hidden until opened.
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav).toBeHidden();
    await page.getByRole("button", { name: "Toggle navigation" }).click();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expectAccessible(page);
  } else {
    // Collapsing keeps the links, as icons with their names.
    await page.getByRole("button", { name: "Toggle navigation" }).click();
    await expect(page.getByRole("button", { name: "Toggle navigation" })).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
  }
});
