import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "./admin-account";
import { expect, expectAccessible, open, signInThroughDevScreen, test, uniqueEmail } from "./fixtures";

// Manage Users (issue 14, decision 044): search, the details dialog, and suspend / restore of a
// member who is signed in in another browser. Each project makes its own fresh member.
test.describe.configure({ timeout: 120_000 });

const randomAddress = () => `10.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

async function newContext(browser: Browser, testInfo: TestInfo): Promise<BrowserContext> {
  return browser.newContext({ viewport: testInfo.project.use.viewport ?? undefined, extraHTTPHeaders: { "X-Forwarded-For": randomAddress() } });
}

/** An administrator's own browser context, signed in through the Admin Portal. */
async function adminPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const page = await (await newContext(browser, testInfo)).newPage();
  await open(page, "/login");
  await page.getByLabel("Email").fill(E2E_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  const question = await page.locator("label[for=admin-answer]").textContent();
  const [, a, b] = /What is (\d) \+ (\d)\?/.exec(question ?? "")!;
  await page.getByLabel(/^What is \d \+ \d\?$/).fill(String(Number(a) + Number(b)));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Verified" })).toBeVisible();
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return page;
}

test("an admin finds a member, reads their details, suspends them out of their live session and restores them", async ({ browser }, testInfo) => {
  // The member, signed in in their own browser.
  const email = uniqueEmail(testInfo, "suspendee");
  const username = email.split("@")[0]!.replace(/[^a-z0-9]/gi, "");
  const member = await (await newContext(browser, testInfo)).newPage();
  await signInThroughDevScreen(member, email, "/auth?redirectTo=%2Fmy-products");
  await expect(member).toHaveURL(/\/my-products$/);

  const admin = await adminPage(browser, testInfo);
  await open(admin, "/admin/users");
  await expect(admin.getByRole("heading", { name: "Manage Users" })).toBeVisible();
  await expect(admin.getByRole("columnheader", { name: "Career" })).toBeVisible();
  await expectAccessible(admin);

  // Search by e-mail (the URL keeps it), one row: the member.
  await admin.getByLabel("Search users").fill(email);
  await admin.getByRole("button", { name: "Search", exact: true }).click();
  await expect(admin).toHaveURL(new RegExp(`q=${encodeURIComponent(email).replace(/\./g, "\\.")}`));
  await expect(admin.getByText("Showing 1–1 of 1 users")).toBeVisible();
  const row = admin.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  // An admin can never be suspended: no button on the admin's own row.
  await open(admin, `/admin/users?q=${encodeURIComponent(E2E_ADMIN_EMAIL)}`);
  await expect(admin.getByRole("row").filter({ hasText: E2E_ADMIN_EMAIL }).getByText("Admin", { exact: true })).toBeVisible();
  await expect(admin.getByRole("button", { name: /^Suspend / })).toHaveCount(0);
  await open(admin, `/admin/users?q=${encodeURIComponent(email)}`);

  // The details dialog.
  await row.getByRole("link", { name: `Details of ${username}` }).click();
  const details = admin.getByRole("dialog", { name: "User details" });
  await expect(details).toBeVisible();
  await expect(details.getByText(email)).toBeVisible();
  for (const label of ["Products submitted", "Reviews", "Upvotes", "Last active", "Joined"]) await expect(details.getByText(label, { exact: true })).toBeVisible();
  await expect(details.getByText("Active", { exact: true })).toBeVisible();
  await expectAccessible(admin);
  await details.getByRole("link", { name: "Close" }).click();
  await expect(details).toHaveCount(0);

  // Suspend, after a confirmation.
  await row.getByRole("button", { name: `Suspend ${username}` }).click();
  const confirm = admin.getByRole("dialog", { name: `Suspend ${username}?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(admin);
  await confirm.getByRole("button", { name: "Suspend user" }).click();
  await expect(admin.getByText(`${username} has been suspended.`)).toBeVisible();
  await expect(row.getByText("Suspended", { exact: true })).toBeVisible();

  // The member's next page load is signed out, and they cannot sign in again.
  await member.reload();
  await expect(member).toHaveURL(/\/auth\?redirectTo=%2Fmy-products/);
  await member.getByRole("button", { name: "Sign in with Google" }).click();
  await member.getByLabel("Email").fill(email);
  await member.getByRole("button", { name: "Continue" }).click();
  await expect(member.getByRole("alert").filter({ hasText: "Your account has been suspended." })).toBeVisible();
  await expectAccessible(member);

  // Restore: they can sign in again.
  await row.getByRole("button", { name: `Restore ${username}` }).click();
  await admin.getByRole("dialog", { name: `Restore ${username}?` }).getByRole("button", { name: "Restore user" }).click();
  await expect(admin.getByText(`${username} has been restored.`)).toBeVisible();
  await expect(row.getByText("Suspended", { exact: true })).toHaveCount(0);
  await signInThroughDevScreen(member, email, "/auth?redirectTo=%2Fmy-products");
  await expect(member).toHaveURL(/\/my-products$/);

  await member.context().close();
  await admin.context().close();
});
