import path from "node:path";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { mailsTo } from "../support/eml";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "./admin-account";
import { portalSignIn } from "./admin-portal";
import { expect, expectAccessible, open, signInThroughDevScreen, test, uniqueEmail } from "./fixtures";

// Product Submissions and User Suggestions (issue 14, decision 043). Every product and suggestion
// here is made by the test itself, through the real maker wizard and the suggestion form.
test.describe.configure({ timeout: 180_000 });

const octet = () => Math.floor(Math.random() * 250) + 1;

function outbox(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run through playwright.config.ts");
  return path.join(dir, "outbox");
}

async function signInAsAdmin(page: Page, baseURL: string) {
  const response = await portalSignIn(page.request, baseURL, `10.${octet()}.${octet()}.${octet()}`, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  expect(response.status()).toBe(302);
}

async function memberPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ viewport: testInfo.project.use.viewport ?? undefined, extraHTTPHeaders: { "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` } });
  return context.newPage();
}

const hydrated = (page: Page) => page.waitForSelector("html[data-hydrated]", { state: "attached" });

/** The member lists a product through My Products and the wizard up to Submit Product: it is pending. */
async function submitProduct(page: Page, name: string) {
  await open(page, "/my-products/new");
  await page.getByLabel("Product Name*").fill(name);
  await page.getByLabel("Website URL*").fill(`${name.toLowerCase().replace(/\W+/g, "-")}.example.com`);
  await page.getByRole("button", { name: "Proceed to Details" }).click();
  await expect(page).toHaveURL(/\/submit-product-details\?product=\d+$/);
  await hydrated(page);
  await page.getByLabel("Headline*").fill("A tool the submissions test made");
  await page.getByLabel("Description*").fill("A product submitted by the end-to-end test of the admin's submission queue, with enough words.");
  await page.getByRole("button", { name: "Next: Categories" }).click();
  await expect(page.getByRole("group", { name: "Niches*" })).toBeVisible();
  await page.getByRole("group", { name: "Niches*" }).getByRole("checkbox").first().check();
  await page.getByRole("button", { name: "Submit Product" }).click();
  await expect(page.getByRole("dialog", { name: "Congratulations!" })).toBeVisible();
}

const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const submissionRow = (page: Page, name: string) =>
  page.getByRole("region", { name: /^Pending submissions/ }).locator("tbody tr").filter({ hasText: name });

async function mailWith(to: string, subject: string) {
  await expect.poll(() => mailsTo(outbox(), to).filter((m) => m.subject.includes(subject)).length, { timeout: 15_000 }).toBe(1);
  return mailsTo(outbox(), to).find((m) => m.subject.includes(subject))!;
}

test("approve, publish and reject submissions: the maker is e-mailed each time and sees the reason", async ({ page, browser, baseURL }, testInfo) => {
  const stamp = `${testInfo.project.name} ${Date.now().toString(36)}`;
  const approved = `Approve Me ${stamp}`;
  const rejected = `Reject Me ${stamp}`;
  const makerEmail = uniqueEmail(testInfo, "submitter");
  const maker = await memberPage(browser, testInfo);
  await signInThroughDevScreen(maker, makerEmail, "/auth?redirectTo=%2Fmy-products");
  await expect(maker).toHaveURL(/\/my-products$/);
  await submitProduct(maker, approved);
  await submitProduct(maker, rejected);

  await signInAsAdmin(page, baseURL!);
  await open(page, "/admin/submissions");
  await expect(page.getByRole("heading", { name: "Product Submissions", level: 1 })).toBeVisible();
  await expect(submissionRow(page, approved)).toHaveCount(1);
  await expect(page.getByText(/^Page \d+ of \d+$/)).toBeVisible();
  await expectAccessible(page);

  // The details dialog, then Approve: the product becomes a draft.
  await page.getByRole("button", { name: `View ${approved}` }).click();
  const details = page.getByRole("dialog", { name: approved });
  await expect(details.getByText("A tool the submissions test made")).toBeVisible();
  await expectAccessible(page);
  await details.getByRole("button", { name: "Approve" }).click();
  await expect(toast(page, `${approved} approved`)).toBeVisible();
  await expect(submissionRow(page, approved)).toHaveCount(0);
  const approvedMail = await mailWith(makerEmail, `Your submission ${approved} was approved`);
  expect(approvedMail.text).toContain("draft");

  // Reject with a reason, from the row's icon.
  await page.getByRole("button", { name: `Reject ${rejected}` }).click();
  const reject = page.getByRole("dialog", { name: `Reject ${rejected}?` });
  await reject.getByLabel("Reason (optional)").fill("Only software tools are listed here.");
  await expectAccessible(page);
  await reject.getByRole("button", { name: "Reject submission" }).click();
  await expect(toast(page, `${rejected} rejected`)).toBeVisible();
  await expect(submissionRow(page, rejected)).toHaveCount(0);
  const rejectedMail = await mailWith(makerEmail, `Your submission ${rejected} was not approved`);
  expect(rejectedMail.text).toContain("Reason given: Only software tools are listed here.");

  // Publish from Manage Products: the maker hears it is live.
  await open(page, `/admin/products?q=${encodeURIComponent(approved)}`);
  await page.getByLabel(`Select ${approved}`).check();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "1 product published")).toBeVisible();
  const liveMail = await mailWith(makerEmail, `${approved} is now live`);
  expect(liveMail.text).toMatch(/\/resources\/approve-me-/);

  // My Products: the status of each, and the reason for the rejected one.
  await open(maker, "/my-products");
  const rejectedCard = maker.getByRole("listitem").filter({ has: maker.getByRole("heading", { name: rejected }) });
  await expect(rejectedCard.getByText("Rejected", { exact: true })).toBeVisible();
  await expect(rejectedCard.getByText("Reason: Only software tools are listed here.")).toBeVisible();
  const liveCard = maker.getByRole("listitem").filter({ has: maker.getByRole("heading", { name: approved }) });
  await expect(liveCard.getByText("Live", { exact: true })).toBeVisible();
  await expectAccessible(maker);
  await maker.context().close();
});

test("a suggestion becomes a draft product opened in the product form; another is deleted after a confirmation", async ({ page, browser, baseURL }, testInfo) => {
  const stamp = `${testInfo.project.name}${Date.now().toString(36)}`;
  const member = await memberPage(browser, testInfo);
  await signInThroughDevScreen(member, uniqueEmail(testInfo, "suggester"), "/auth?redirectTo=%2Fsubmit");
  await expect(member).toHaveURL(/\/submit$/);
  await hydrated(member);
  // Issue 36, item 13: the name and website come from the text, the rest is left for the admin.
  const convertText = `Convertible${stamp} (https://convertible-${stamp}.example.com) — open-source whiteboard for diagrams`;
  const deleteText = `Deletable${stamp} idea that nobody needs`;
  for (const text of [convertText, deleteText]) {
    await open(member, "/submit");
    await member.getByLabel("Your suggestion").fill(text);
    await member.getByRole("button", { name: "Submit Suggestion" }).click();
    await expect(member).toHaveURL(/\/my-products\?tab=products$/);
  }
  await member.context().close();

  await signInAsAdmin(page, baseURL!);
  await open(page, "/admin/suggestions");
  await expect(page.getByRole("heading", { name: "User Suggestions", level: 1 })).toBeVisible();
  const rows = page.getByRole("region", { name: /^User suggestions/ }).locator("tbody tr");
  await expect(rows.filter({ hasText: convertText })).toHaveCount(1);
  await expect(page.getByText(/^Page \d+ of \d+$/)).toBeVisible();
  await expect(page.getByText("Previous")).toBeVisible();
  await expect(page.getByText("Next", { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Delete Selected asks first.
  await rows.filter({ hasText: deleteText }).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Delete Selected" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete 1 suggestion?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Delete permanently" }).click();
  await expect(toast(page, "1 suggestion deleted")).toBeVisible();
  await expect(rows.filter({ hasText: deleteText })).toHaveCount(0);

  await rows.filter({ hasText: convertText }).getByRole("button", { name: /^Create Product/ }).click();
  await expect(page).toHaveURL(/\/admin\/products\/edit\/\d+$/);
  await expect(page.getByLabel("Product Name*")).toHaveValue(`Convertible${stamp}`);
  await expect(page.getByLabel("Website URL*")).toHaveValue(`https://convertible-${stamp}.example.com`);
  await expect(page.getByLabel("Status*")).toHaveValue("draft");
  await expectAccessible(page);
});
