import fs from "node:fs";
import { request as playwrightRequest, type Page } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "./admin-account";
import { portalSignIn } from "./admin-portal";
import { expect, expectAccessible, open, test } from "./fixtures";

// Feedback Reports (issue 14, decision 046): search, rating filter, CSV export with a formula cell
// escaped, and a hidden review gone from the public product page. Own product and reviews per project.
test.describe.configure({ timeout: 150_000 });

const octet = () => Math.floor(Math.random() * 250) + 1;
const address = () => `10.${octet()}.${octet()}.${octet()}`;
const DESCRIPTION = "A product made by the feedback reports end-to-end test, long enough for the fifty character rule.";

async function signInAsAdmin(page: Page, baseURL: string) {
  const from = address();
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": from });
  const answer = await portalSignIn(page.request, baseURL, from, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  expect(answer.status()).toBe(302);
}

/** A live product through the admin form's action; returns its id. */
async function createProduct(page: Page, baseURL: string, name: string): Promise<number> {
  const html = await (await page.request.get("/admin/products/new")).text();
  const niche = /name="selectedCategories" value="(\d+)"/.exec(html)?.[1];
  const submission = /name="submission" value="([^"]+)"/.exec(html)?.[1];
  expect(niche && submission).toBeTruthy();
  const created = await page.request.post("/admin/products/new", {
    headers: { Origin: baseURL },
    maxRedirects: 0,
    form: { productName: name, headline: "Reviewed by the feedback test", description: DESCRIPTION, websiteUrl: "feedback-test.example.com", pricing: "free", status: "live", selectedCategories: niche!, submission: submission! },
  });
  expect(created.status()).toBe(302);
  const list = await (await page.request.get(`/admin/products?q=${encodeURIComponent(name)}`)).text();
  const id = /\/admin\/products\/edit\/(\d+)/.exec(list)?.[1];
  expect(id, "the new product is listed").toBeTruthy();
  return Number(id);
}

test("feedback reports: search, filter, export with an escaped formula cell, hide a review from the public page", async ({ page, baseURL }, testInfo) => {
  const tag = `fbr${testInfo.project.name}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const name = `Feedback Probe ${tag}`;
  const slug = name.toLowerCase().replace(/\s+/g, "-");
  await signInAsAdmin(page, baseURL!);
  const productId = await createProduct(page, baseURL!, name);

  // A member reviews it twice through the API, once with a spreadsheet formula.
  const member = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": address(), Origin: baseURL! } });
  const signIn = await member.post("/auth/dev", { form: { email: `${tag}@example.com`, redirectTo: "/" }, maxRedirects: 0 });
  expect(signIn.status()).toBe(302);
  const formula = `=HYPERLINK("http://evil.example","${tag}")`;
  for (const [comment, rating] of [[`Lovely tool ${tag}`, 5], [formula, 1]] as const) {
    const posted = await member.post(`/api/v1/products/${productId}/feedback`, { data: { comment, rating } });
    expect(posted.status()).toBe(201);
  }
  await member.dispose();

  await open(page, "/admin/feedback-reports");
  await expect(page.getByRole("heading", { name: "Feedback Reports", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ratings distribution" })).toBeVisible();
  await expect(page.getByText("Total reviews")).toBeVisible();
  await expectAccessible(page);

  // Search and the rating filter land in the URL; the table is filtered on the server.
  await page.getByLabel("Search", { exact: true }).fill(tag);
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/feedback-reports\\?q=${tag}$`));
  const table = page.getByRole("region", { name: "Feedback table" });
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(page.getByText("2 results")).toBeVisible();
  await page.getByLabel("Rating", { exact: true }).selectOption("1");
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}&rating=1$`));
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByText(formula)).toBeVisible();

  // The export follows the filters; the formula arrives escaped.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export to CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^feedback-reports-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const lines = file.trimEnd().split("\r\n");
  expect(lines[0]).toBe("ID,Product,User,Rating,Comment,Date");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""${tag}"")"`);
  expect(lines[1]).toContain(`,${name},`);

  // The public page shows the review, until an admin hides it.
  const visitor = await page.context().browser()!.newPage({ viewport: page.viewportSize() ?? undefined });
  await open(visitor, `/resources/${slug}`);
  await expect(visitor.getByText(`Lovely tool ${tag}`)).toBeVisible();

  await open(page, `/admin/feedback-reports?q=${tag}`);
  const row = page.getByRole("row").filter({ hasText: `Lovely tool ${tag}` });
  await row.getByRole("button", { name: /^Hide review \d+$/ }).click();
  await expect(page.getByText("Feedback hidden from the public.")).toBeVisible();
  await expect(row.getByText("Hidden", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: /^Show review \d+$/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);

  await open(visitor, `/resources/${slug}`);
  await expect(visitor.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(visitor.getByText(`Lovely tool ${tag}`)).toHaveCount(0);
  await expect(visitor.getByText(formula)).toBeVisible();
  await visitor.close();

  // Delete asks first; the review is gone from the report.
  const formulaRow = page.getByRole("row").filter({ hasText: formula });
  await formulaRow.getByRole("button", { name: /^Delete review \d+$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this review?" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Feedback deleted.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: formula })).toHaveCount(0);
});
