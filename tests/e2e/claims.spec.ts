import type { Page, TestInfo } from "@playwright/test";
import { expect, expectAccessible, open, signInThroughDevScreen, skipOnboarding, test } from "./fixtures";

// Claim a product (issue 11, decision 032). Each project claims its own demo products, so the
// desktop and mobile runs never meet; "notion" stays unclaimed for product.spec.ts.
const PRODUCTS = {
  desktop: { verified: "zapier", verifiedDomain: "zapier.com", noScript: "obsidian", noScriptDomain: "obsidian.md", pending: "deepl" },
  mobile: { verified: "trello", verifiedDomain: "trello.com", noScript: "evernote", noScriptDomain: "evernote.com", pending: "notion-ai" },
} as const;

function products(testInfo: TestInfo) {
  return PRODUCTS[testInfo.project.name as keyof typeof PRODUCTS];
}

/** A local part that is also the new user's username (letters and digits only), unique per test run. */
function localPart(testInfo: TestInfo, name: string) {
  return `${name}${testInfo.project.name}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

function creator(page: Page) {
  return page.getByRole("region", { name: "Creator" });
}

test("a development sign-in at the product's own domain proves no address: the claim waits for review", async ({ page }, testInfo) => {
  const { verified: slug, verifiedDomain } = products(testInfo);
  const username = localPart(testInfo, "maker");
  await open(page, `/resources/${slug}`);
  await expect(creator(page).getByText("Unclaimed")).toBeVisible();
  await creator(page).getByRole("link", { name: "Claim this product" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.getByLabel("Email").fill(`${username}@${verifiedDomain}`);
  await page.getByRole("button", { name: "Continue" }).click();
  await skipOnboarding(page, `/auth?redirectTo=${encodeURIComponent(`/claim-product?product=${slug}`)}`);

  await expect(page).toHaveURL(`/claim-product?product=${slug}`);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await expect(page.getByRole("heading", { name: "Claim a Product" })).toBeVisible();
  await expectAccessible(page);

  // Both confirmations are required (checked in the browser before anything is sent).
  await page.getByRole("button", { name: "Claim as Maker" }).click();
  await expect(page.getByText("Please confirm that you are a maker of this product.")).toBeVisible();
  await expect(page.getByText("Please confirm that the information you give is accurate.")).toBeVisible();
  await page.getByRole("checkbox", { name: /I am a maker of/ }).check();
  await page.getByRole("checkbox", { name: /is accurate/ }).check();
  await page.getByRole("button", { name: "Claim as Maker" }).click();

  // Anybody reaching the development sign-in could type this address: an administrator decides.
  await expect(page.getByRole("status")).toContainText("Your claim is waiting for review");
  await open(page, `/resources/${slug}`);
  await expect(creator(page).getByText("Unclaimed")).toBeVisible();
  await expect(creator(page).getByText(username, { exact: true })).toHaveCount(0);
});

test("a claim from another domain waits for review and leaves the product unclaimed", async ({ page }, testInfo) => {
  const slug = products(testInfo).pending;
  await signInThroughDevScreen(page, `${localPart(testInfo, "fan")}@example.com`, `/auth?redirectTo=${encodeURIComponent(`/claim-product?product=${slug}`)}`);
  await expect(page).toHaveURL(`/claim-product?product=${slug}`);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await page.getByRole("checkbox", { name: /I am a maker of/ }).check();
  await page.getByRole("checkbox", { name: /is accurate/ }).check();
  await page.getByRole("button", { name: "Claim as Maker" }).click();
  await expect(page.getByRole("status")).toContainText("Your claim is waiting for review");
  await expectAccessible(page);

  // The server remembers it: a reload shows the same, and Cancel's way back shows no new maker.
  await page.reload();
  await expect(page.getByRole("status")).toContainText("Your claim is waiting for review");
  await page.getByRole("link", { name: /^Back to / }).click();
  await expect(page).toHaveURL(`/resources/${slug}`);
  await expect(creator(page)).toBeVisible();
  await expect(creator(page).getByText(/^fan/)).toHaveCount(0);
});

test("without JavaScript a claim from a development sign-in at the product's domain waits for review", async ({ browser }, testInfo) => {
  const { noScript: slug, noScriptDomain } = products(testInfo);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: testInfo.project.use.viewport ?? undefined });
  const page = await context.newPage();
  try {
    const username = localPart(testInfo, "plain");
    await page.goto(`/auth/dev?redirectTo=${encodeURIComponent(`/claim-product?product=${slug}`)}`);
    await page.getByLabel("Email").fill(`${username}@${noScriptDomain}`);
    await page.getByRole("button", { name: "Continue" }).click();
    await skipOnboarding(page, `/auth?redirectTo=${encodeURIComponent(`/claim-product?product=${slug}`)}`);
    await expect(page).toHaveURL(`/claim-product?product=${slug}`);
    // Without ticking: the server's messages.
    await page.getByRole("button", { name: "Claim as Maker" }).click();
    await expect(page.getByText("Please confirm that you are a maker of this product.")).toBeVisible();
    await page.getByRole("checkbox", { name: /I am a maker of/ }).check();
    await page.getByRole("checkbox", { name: /is accurate/ }).check();
    await page.getByRole("button", { name: "Claim as Maker" }).click();
    await expect(page.getByRole("status")).toContainText("Your claim is waiting for review");
    await page.goto(`/resources/${slug}`);
    await expect(creator(page).getByText(username, { exact: true })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
