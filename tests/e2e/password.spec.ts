import path from "node:path";
import type { APIRequestContext, TestInfo } from "@playwright/test";
import { linkIn, mailsTo } from "../support/eml";
import { portalSignIn } from "./admin-portal";
import { FIXTURE_ACCOUNT_PASSWORD, fixtureAccountEmail } from "./fixture-data";
import { expect, expectAccessible, open, signInThroughDevScreen, test, uniqueEmail } from "./fixtures";

/** The outbox of the server playwright.config.ts started (it chose the data directory). */
function outbox(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run through playwright.config.ts");
  return path.join(dir, "outbox");
}

let visitor = 0;
/** Each call stands for another visitor address, so Better Auth's per-address limits stay out of the way. */
function visitorHeaders(baseURL: string | undefined) {
  visitor += 1;
  return { Origin: baseURL!, "X-Forwarded-For": `198.18.${process.pid % 250}.${visitor % 250}` };
}

/** This test's own e-mail account, made before the server started (tests/e2e/seed-fixtures.ts). */
function fixtureAccount(kind: "reset" | "change", testInfo: TestInfo) {
  return { email: fixtureAccountEmail(kind, testInfo.project.name, testInfo.retry), password: FIXTURE_ACCOUNT_PASSWORD };
}

/** A password sign-in on the Admin Portal (the only one there is, decision 024): 302 signed in, 401 refused. */
async function signInStatus(request: APIRequestContext, baseURL: string | undefined, email: string, password: string) {
  const response = await portalSignIn(request, baseURL!, visitorHeaders(baseURL)["X-Forwarded-For"], email, password);
  return response.status();
}

/** Chromium reports the 400 of a deliberately refused form as a console error. */
function forgive400(consoleErrors: string[]) {
  for (let i = consoleErrors.length - 1; i >= 0; i -= 1) if (/status of 400/.test(consoleErrors[i]!)) consoleErrors.splice(i, 1);
}

test("forgot password: the e-mail's link sets a new password and ends on sign-in with a toast", async ({ page, request, baseURL, consoleErrors }, testInfo) => {
  const { email, password: oldPassword } = fixtureAccount("reset", testInfo);

  await open(page, "/forgot-password");
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Email").fill("not-an-address");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  forgive400(consoleErrors);

  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  const status = page.getByRole("status").filter({ hasText: "we've sent a link" });
  await expect(status.getByRole("heading", { name: "Password Reset Email Sent" })).toBeVisible();
  await expect(status).toContainText("If an account exists for that address, we've sent a link to reset its password.");
  // The toast says it too. (Axe looks after it is closed: sonner's rich success colours are
  // slightly below AA contrast, a shared toaster matter reported to the integrator.)
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Password Reset Email Sent" });
  await expect(toast).toBeVisible();
  await toast.getByRole("button", { name: "Close toast" }).click();
  await expect(toast).toHaveCount(0);
  await expectAccessible(page);

  await expect.poll(() => mailsTo(outbox(), email).length).toBe(1);
  const mail = mailsTo(outbox(), email)[0]!;
  expect(mail.subject).toBe("Reset your Toolnest password");
  const link = linkIn(mail, `${baseURL}/reset-password?token=`);
  expect(link).not.toBeNull();

  await open(page, link!);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("New password", { exact: true }).fill("brand-new-pass");
  await page.getByLabel("Confirm new password").fill("brand-new-typo");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  forgive400(consoleErrors);

  await page.getByLabel("Confirm new password").fill("brand-new-pass");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Password Updated")).toBeVisible();

  // The old password first: a success signs `request` in, and /login then skips its form.
  expect(await signInStatus(request, baseURL, email, oldPassword)).toBe(401);
  expect(await signInStatus(request, baseURL, email, "brand-new-pass")).toBe(302);

  // The link worked once.
  await open(page, link!);
  await expect(page.getByText("This reset link is invalid or has expired.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/forgot-password");
});

test("change password while signed in, and the Google account's note", async ({ page, request, baseURL, consoleErrors }, testInfo) => {
  const { email, password: firstPassword } = fixtureAccount("change", testInfo);
  // page.request shares the browser's cookies: the sign-in below signs the page in.
  expect(await signInStatus(page.request, baseURL, email, firstPassword)).toBe(302);

  await open(page, "/account/password");
  await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Current password").fill("wrong-pass");
  await page.getByLabel("New password", { exact: true }).fill("second-pass");
  await page.getByLabel("Confirm new password").fill("second-pass");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Invalid password")).toBeVisible();
  forgive400(consoleErrors);

  await page.getByLabel("Current password").fill(firstPassword);
  await page.getByLabel("New password", { exact: true }).fill("second-pass");
  await page.getByLabel("Confirm new password").fill("second-pass");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password Updated")).toBeVisible();
  // Still signed in on this device.
  await open(page, "/account/password");
  await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();
  expect(await signInStatus(request, baseURL, email, "second-pass")).toBe(302);

  await page.context().clearCookies();
  await signInThroughDevScreen(page, uniqueEmail(testInfo, "member"), "/auth?redirectTo=%2Faccount%2Fpassword");
  await expect(page).toHaveURL(/\/account\/password$/);
  await expect(page.getByText("Your account signs in with Google, so it has no password here.")).toBeVisible();
  await expectAccessible(page);
});

test("the forgot-password form checks in the browser, and the server says the same without JavaScript", async ({ page, browser, baseURL }) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await open(page, "/forgot-password");
  const email = page.getByLabel("Email");
  await email.fill("not-an-address");
  await email.press("Tab");
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(email).toBeFocused();
  await email.fill("someone@example.com");
  await expect(page.getByText("Please enter a valid email address")).toHaveCount(0);
  expect(posts).toEqual([]);

  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const plain = await noScript.newPage();
  await plain.goto("/forgot-password");
  await plain.getByLabel("Email").fill("not-an-address");
  await plain.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(plain.getByText("Please enter a valid email address")).toBeVisible();
  await noScript.close();
});
