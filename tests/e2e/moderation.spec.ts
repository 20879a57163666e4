import path from "node:path";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { mailsTo } from "../support/eml";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "./admin-account";
import { MODERATION_FIXTURES } from "./fixture-data";
import { expect, expectAccessible, open, signInThroughDevScreen, test } from "./fixtures";

// The moderation queue (issue 12, decision 040): a maker's edit of a live product waits for an
// admin, who sees the change side by side and approves or rejects it; claims likewise. Each
// project uses its own products (MODERATION_FIXTURES, CLAIMED), so desktop and mobile never meet.
test.describe.configure({ timeout: 120_000 });

const CLAIMED = { desktop: "gridsome", mobile: "nodecg" } as const;

function fixtures(testInfo: TestInfo) {
  return MODERATION_FIXTURES[testInfo.project.name as keyof typeof MODERATION_FIXTURES];
}

function outbox(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run through playwright.config.ts");
  return path.join(dir, "outbox");
}

const randomAddress = () => `10.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

/** An administrator's own browser context, signed in through the Admin Portal. */
async function adminPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    viewport: testInfo.project.use.viewport ?? undefined,
    extraHTTPHeaders: { "X-Forwarded-For": randomAddress() },
  });
  const page = await context.newPage();
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

async function publicName(page: Page, slug: string): Promise<string> {
  const response = await page.request.get(`/api/v1/products/${slug}`);
  return ((await response.json()) as { product_name: string }).product_name;
}

/** The maker renames their live product on /my-products/edit/{id}; the change waits for review. */
async function proposeName(page: Page, current: string, proposed: string) {
  await open(page, "/my-products?tab=published");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: current, exact: true }) });
  await card.getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByRole("heading", { name: "Edit Product" })).toBeVisible();
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await page.getByLabel("Product Name*").fill(proposed);
  await page.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText(/will be reviewed by our team/)).toBeVisible();
}

function queueItem(page: Page, productName: string) {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name: productName, exact: true }) });
}

test("an admin approves one live edit (the public page changes) and rejects another (it does not); the maker is told", async ({ page, browser }, testInfo) => {
  const { maker, approve, reject } = fixtures(testInfo);
  const stamp = Date.now().toString(36);
  const approveName = await publicName(page, approve);
  const rejectName = await publicName(page, reject);
  const approvedName = `${approveName.split(" (")[0]} (${testInfo.project.name} ${stamp})`;
  const refusedName = `${rejectName.split(" (")[0]} refused ${stamp}`;

  await signInThroughDevScreen(page, maker, "/auth?redirectTo=%2Fmy-products");
  await expect(page).toHaveURL(/\/my-products$/);
  await proposeName(page, approveName, approvedName);
  await proposeName(page, rejectName, refusedName);

  const admin = await adminPage(browser, testInfo);
  await open(admin, "/admin/moderation");
  await expect(admin.getByRole("heading", { name: "Moderation", level: 1 })).toBeVisible();
  await expect(admin.getByRole("link", { name: /^Revisions/ })).toHaveAttribute("aria-current", "page");

  // The change side by side: a table with the field, the live value and the proposed one.
  const item = queueItem(admin, approveName);
  const table = item.getByRole("table", { name: `Changes proposed for ${approveName}: current live value and proposed value per field` });
  await expect(table.getByRole("columnheader")).toHaveText(["Field", "Current (live)", "Proposed"]);
  await expect(table.getByRole("row", { name: `Product name ${approveName} ${approvedName}` })).toBeVisible();
  await expect(item.getByText(maker)).toBeVisible();
  // Readable at 360 px too: nothing wider than the screen.
  expect(await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(admin);

  await item.getByRole("button", { name: `Approve revision for ${approveName}` }).click();
  const toast = admin.locator("[data-sonner-toast]").filter({ hasText: "Revision approved: the changes are live." });
  await expect(toast).toBeVisible();
  await expect(queueItem(admin, approveName)).toHaveCount(0);
  // At 360 px the toast covers the bottom of the screen: close it before the next click.
  await toast.getByRole("button", { name: "Close toast" }).click();
  await expect(toast).toHaveCount(0);

  const refused = queueItem(admin, rejectName);
  await refused.getByLabel(/Reason for rejecting/).fill("The name must stay the product's own.");
  await refused.getByRole("button", { name: `Reject revision for ${rejectName}` }).click();
  await expect(admin.getByText("Revision rejected: the live version stays.")).toBeVisible();
  await expect(queueItem(admin, rejectName)).toHaveCount(0);

  // Public pages: the approved name at once (its cached copies were dropped), the rejected one unchanged.
  await open(page, `/resources/${approve}`);
  await expect(page.getByRole("heading", { name: approvedName, level: 1 })).toBeVisible();
  await open(page, `/resources/${reject}`);
  await expect(page.getByRole("heading", { name: rejectName, level: 1 })).toBeVisible();
  expect(await publicName(page, reject)).toBe(rejectName);

  await expect.poll(() => mailsTo(outbox(), maker).filter((m) => m.subject === `Your changes to ${approvedName} are live`).length).toBe(1);
  const rejection = mailsTo(outbox(), maker).find((m) => m.subject === `Your changes to ${rejectName} were not approved`);
  expect(rejection?.text).toContain("Reason given: The name must stay the product's own.");

  // The audit log has both decisions, with the values before and after.
  await open(admin, `/admin/audit?action=revision.approve`);
  const entry = admin.getByRole("article").filter({ hasText: `“${approveName}”` }).first();
  await expect(entry.getByText(E2E_ADMIN_EMAIL)).toBeVisible();
  await entry.getByText("Changed fields (1)").click();
  await expect(entry.getByRole("row", { name: `product_name ${approveName} ${approvedName}` })).toBeVisible();
  await expectAccessible(admin);
  await admin.context().close();
});

test("an admin approves a claim from another domain: the user becomes the product's maker", async ({ page, browser }, testInfo) => {
  const slug = CLAIMED[testInfo.project.name as keyof typeof CLAIMED];
  const username = `claimer${testInfo.project.name}${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  await signInThroughDevScreen(page, email, `/auth?redirectTo=${encodeURIComponent(`/claim-product?product=${slug}`)}`);
  await expect(page).toHaveURL(`/claim-product?product=${slug}`);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await page.getByRole("checkbox", { name: /I am a maker of/ }).check();
  await page.getByRole("checkbox", { name: /is accurate/ }).check();
  await page.getByRole("button", { name: "Claim as Maker" }).click();
  await expect(page.getByRole("status")).toContainText("Your claim is waiting for review");
  const productName = await publicName(page, slug);

  const admin = await adminPage(browser, testInfo);
  await open(admin, "/admin/moderation");
  await admin.getByRole("link", { name: /^Claims/ }).click();
  await expect(admin).toHaveURL(/\?tab=claims$/);
  await expect(admin.getByRole("link", { name: /^Claims/ })).toHaveAttribute("aria-current", "page");
  const claim = admin.getByRole("article").filter({ hasText: email });
  await expect(claim.getByRole("heading", { name: productName })).toBeVisible();
  await expect(claim.getByText("example.com", { exact: true })).toBeVisible();
  await expect(claim.getByText("Different domains")).toBeVisible();
  await expectAccessible(admin);
  await admin.evaluate(() => localStorage.setItem("ui-theme", "dark"));
  await admin.reload();
  await expect(admin.locator("html")).toHaveClass(/dark/);
  await expectAccessible(admin);

  await claim.getByRole("button", { name: `Approve claim for ${productName}` }).click();
  await expect(admin.getByText("Claim approved: the user is now a verified maker.")).toBeVisible();
  await expect(admin.getByRole("article").filter({ hasText: email })).toHaveCount(0);

  await open(page, `/resources/${slug}`);
  await expect(page.getByRole("region", { name: "Creator" }).getByText(username, { exact: true })).toBeVisible();
  await expect.poll(() => mailsTo(outbox(), email).filter((m) => m.subject === `Your claim for ${productName} was approved`).length).toBe(1);

  await open(admin, `/admin/audit?action=claim.approve&actor=${encodeURIComponent(E2E_ADMIN_EMAIL)}`);
  const entry = admin.getByRole("article").filter({ hasText: `by ${username} on “${productName}”` });
  await expect(entry).toHaveCount(1);
  await entry.getByText("Changed fields (3)").click();
  await expect(entry.getByRole("row", { name: "status pending verified" })).toBeVisible();
  await admin.context().close();
});
