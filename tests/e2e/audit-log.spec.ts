import type { Browser, Page, TestInfo } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "./admin-account";
import { expect, expectAccessible, open, signInThroughDevScreen, test } from "./fixtures";

// The audit log page (issue 12, decision 040): an admin write (here a claim rejected in the
// moderation queue) shows on /admin/audit, found through filters kept in the URL.
test.describe.configure({ timeout: 120_000 });

/** Products claimed (and rejected) by this spec, one per project. */
const CLAIMED = { desktop: "vapor", mobile: "tokio" } as const;

const randomAddress = () => `10.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

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

test("a rejected claim is in the audit log: filters in the URL, before and after values, hostile filters answered", async ({ page, browser }, testInfo) => {
  const slug = CLAIMED[testInfo.project.name as keyof typeof CLAIMED];
  const username = `audited${testInfo.project.name}${Date.now().toString(36)}`;
  await signInThroughDevScreen(page, `${username}@example.com`, `/auth?redirectTo=${encodeURIComponent(`/claim-product?product=${slug}`)}`);
  await expect(page).toHaveURL(`/claim-product?product=${slug}`);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await page.getByRole("checkbox", { name: /I am a maker of/ }).check();
  await page.getByRole("checkbox", { name: /is accurate/ }).check();
  await page.getByRole("button", { name: "Claim as Maker" }).click();
  await expect(page.getByRole("status")).toContainText("Your claim is waiting for review");

  const admin = await adminPage(browser, testInfo);
  await open(admin, "/admin/moderation?tab=claims");
  const claim = admin.getByRole("article").filter({ hasText: `${username}@example.com` });
  await claim.getByLabel(/Reason for rejecting/).fill("No proof of making it.");
  await claim.getByRole("button", { name: /^Reject claim for / }).click();
  await expect(admin.getByText("Claim rejected.")).toBeVisible();

  // Filters through the form: they land in the URL.
  await open(admin, "/admin/audit");
  await expect(admin.getByRole("heading", { name: "Audit Log", level: 1 })).toBeVisible();
  await expectAccessible(admin);
  const today = new Date().toISOString().slice(0, 10);
  await admin.getByLabel("Action").selectOption("claim.reject");
  await admin.getByLabel("Entity type").selectOption("claim");
  await admin.getByLabel("Actor e-mail").fill("ADMIN@toolnest");
  await admin.getByLabel("From date (UTC)").fill(today);
  await admin.getByLabel("To date (UTC)").fill(today);
  await admin.getByRole("button", { name: "Apply filters" }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/audit\\?action=claim\\.reject&entity=claim&actor=ADMIN%40toolnest&from=${today}&to=${today}$`));
  const entry = admin.getByRole("article").filter({ hasText: `by ${username} on` });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole("heading", { name: "claim.reject" })).toBeVisible();
  await expect(entry.getByText(E2E_ADMIN_EMAIL)).toBeVisible();

  // Before and after behind a disclosure, readable at this width.
  await entry.getByText("Changed fields (2)").click();
  await expect(entry.getByRole("row", { name: "status pending rejected" })).toBeVisible();
  await expect(entry.getByRole("row", { name: "reason (empty) No proof of making it." })).toBeVisible();
  const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(admin);
  // And in the dark theme.
  await admin.evaluate(() => localStorage.setItem("ui-theme", "dark"));
  await admin.reload();
  await expect(admin.locator("html")).toHaveClass(/dark/);
  await admin.getByRole("article").filter({ hasText: `by ${username} on` }).getByText("Changed fields (2)").click();
  await expectAccessible(admin);

  // The entity's history: its link filters on the entity alone; a reload shows the same view.
  await entry.getByRole("link", { name: /^History of claim #\d+$/ }).click();
  await expect(admin).toHaveURL(/\/admin\/audit\?entity=claim&id=\d+$/);
  await admin.reload();
  await expect(admin.getByRole("article").filter({ hasText: `by ${username} on` })).toHaveCount(1);
  await expect(admin.getByLabel("Entity type")).toHaveValue("claim");

  // Hostile values: the page answers, drops what it cannot use, and says so. (A NUL or bytes that
  // are not UTF-8 are refused with 400 before any page runs, decision 026.)
  for (const search of ["action=%00", "id=%F0", "actor=%ED%A0%80"]) {
    expect((await admin.request.get(`/admin/audit?${search}`)).status(), search).toBe(400);
  }
  const response = await open(admin, "/admin/audit?action=%E2%80%AE%E2%80%8B&from=2026-02-30&to=%27%3B--&id=%F0%9F%98%80&actor=%25%5C_&page=99999999");
  expect(response?.status()).toBe(200);
  await expect(admin.getByRole("alert")).toContainText("Some filters were ignored");
  await expect(admin.getByText("No entries match these filters.")).toBeVisible();
  await admin.getByRole("link", { name: "Clear filters" }).click();
  await expect(admin).toHaveURL(/\/admin\/audit$/);
  await admin.context().close();
});
