import path from "node:path";
import type { Page } from "@playwright/test";
import { mailsTo } from "../support/eml";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "./admin-account";
import { portalSignIn } from "./admin-portal";
import { expect, expectAccessible, open, signInThroughDevScreen, test, uniqueEmail } from "./fixtures";

// Issue 38 part 1: a member reports a listing from its page; an admin sees it in the Reports
// queue (with a count in the navigation), resolves it with a reason, and the reporter is e-mailed.
// Each project reports its own demo product, which no other spec uses; "Fixed" leaves it live.

test.describe.configure({ timeout: 120_000 });

const PRODUCTS: Record<string, { slug: string; name: string }> = {
  desktop: { slug: "readkit", name: "ReadKit" },
  mobile: { slug: "saga-reader", name: "Saga Reader" },
};
const octet = () => Math.floor(Math.random() * 250) + 1;
const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });

function outbox(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run through playwright.config.ts");
  return path.join(dir, "outbox");
}

test("a member reports a listing, an admin resolves it and the member is told", async ({ page, browser, baseURL }, testInfo) => {
  const product = PRODUCTS[testInfo.project.name]!;
  const email = uniqueEmail(testInfo, "reporter");
  await signInThroughDevScreen(page, email);
  await open(page, `/resources/${product.slug}`);
  await page.getByRole("link", { name: "Report this listing" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Report ${product.name}` })).toBeVisible();
  await expectAccessible(page);

  // Nothing chosen: the form says what is missing and keeps the page.
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Please choose what is wrong with this listing.")).toBeVisible();
  await page.getByRole("radio", { name: "Broken link" }).check();
  await page.getByLabel(/^Note/).fill("The download page answers 404.");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page).toHaveURL(new RegExp(`/resources/${product.slug}$`));
  await expect(toast(page, "Your report was sent to the administrators")).toBeVisible();

  // A second report of the same product waits for the first.
  await open(page, `/report-product?product=${product.slug}`);
  await expect(page.getByText("You have already reported this product.")).toBeVisible();

  const admin = await (await browser.newContext({ viewport: testInfo.project.use.viewport ?? undefined })).newPage();
  expect((await portalSignIn(admin.request, baseURL!, `10.${octet()}.${octet()}.${octet()}`, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD)).status()).toBe(302);
  await open(admin, "/admin/dashboard");
  // The navigation says how many reported products wait (other tests may have reported theirs);
  // under 768 px it is in the drawer, so its text is read rather than clicked.
  await expect(admin.locator('nav[aria-label="Admin"] a[href="/admin/reports"]')).toContainText(/Reports,\s*\d+\s*waiting/);
  await open(admin, "/admin/reports");
  const card = admin.getByRole("region", { name: new RegExp(product.name) });
  await expect(card).toContainText("Broken link");
  await expect(card).toContainText("The download page answers 404.");
  await expectAccessible(admin);
  await card.getByRole("radio", { name: "Fixed the listing" }).check();
  await card.getByLabel("Reason (e-mailed to the reporters)").fill("We updated the download link.");
  await card.getByRole("button", { name: /^Resolve/ }).click();
  await expect(toast(admin, `${product.name}: Fixed the listing`)).toBeVisible();
  await expect(admin.getByRole("region", { name: new RegExp(product.name) })).toHaveCount(0);

  await expect.poll(() => mailsTo(outbox(), email).filter((m) => m.subject === `Your report of ${product.name}`).length, { timeout: 15_000 }).toBe(1);
  const mail = mailsTo(outbox(), email).find((m) => m.subject === `Your report of ${product.name}`)!;
  expect(mail.text).toContain("corrected the listing");
  expect(mail.text).toContain("Reason given: We updated the download link.");
  await admin.context().close();
});
