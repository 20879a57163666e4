import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "./admin-account";
import { portalSignIn } from "./admin-portal";
import { AD_FIXTURE_STATUSES, adFixtureName } from "./fixture-data";
import { expect, expectAccessible, open, test } from "./fixtures";

const octet = () => Math.floor(Math.random() * 250) + 1;

/** Signs the page's browser in as the e2e administrator, from an address of its own. */
async function signInAsAdmin(page: Page, baseURL: string) {
  const response = await portalSignIn(page.request, baseURL, `10.${octet()}.${octet()}.${octet()}`, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  expect(response.status()).toBe(302);
}

/** Drafts made through the real My Products form (the admin is a user too), named `${prefix} n`. */
async function createDrafts(page: Page, baseURL: string, prefix: string, count: number) {
  for (let i = 1; i <= count; i++) {
    const response = await page.request.post("/my-products/new", {
      headers: { Origin: baseURL },
      form: { intent: "draft", productName: `${prefix} ${i}`, websiteUrl: `https://${prefix.toLowerCase().replace(/\W+/g, "-")}-${i}.example.com`, logoUrl: "", pricing: "free" },
      maxRedirects: 0,
    });
    expect(response.status(), await response.text()).toBe(302);
  }
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const rows = (page: Page) => page.getByRole("region", { name: /^Products, page|^Advertised products/ }).locator("tbody tr");

async function anonymousStatus(request: APIRequestContext, path: string) {
  return (await request.get(path, { maxRedirects: 0 })).status();
}

test("filters and pages through products; the view lives in the URL and survives a reload", async ({ page, baseURL }, testInfo) => {
  await signInAsAdmin(page, baseURL!);
  await open(page, "/admin/products");
  await expect(page.getByRole("heading", { name: "Manage Products", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Clear Cache" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add New Product" })).toHaveAttribute("href", "/admin/products/new");
  await expect(rows(page)).toHaveCount(20);
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await expect(pager.getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
  // More than 7 pages in the demo catalogue: 1, 2, (an ellipsis) and the last.
  await expect(pager.getByRole("link", { name: /^Page \d+$/ })).toHaveCount(3);
  await expectAccessible(page);

  await pager.getByRole("link", { name: "Page 2", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products\?page=2$/);
  await expect(pager.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(pager.getByRole("link", { name: "Page 3", exact: true })).toBeVisible();

  // The filter dialog: Draft and Advertised, with the project's own fixtures searched by name.
  const project = testInfo.project.name;
  await page.getByLabel("Search by name").fill(`Ad fixture ${project}`);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=Ad\\+fixture\\+${project}`));
  await expect(rows(page)).toHaveCount(4);
  await page.getByRole("button", { name: "Filters" }).click();
  const dialog = page.getByRole("dialog", { name: "Filter products" });
  await dialog.getByLabel("Status").selectOption("draft");
  await dialog.getByLabel("Advertised").selectOption("yes");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/status=draft&advertised=yes/);
  await expect(rows(page)).toHaveCount(4);
  for (const status of AD_FIXTURE_STATUSES) {
    const row = rows(page).filter({ hasText: adFixtureName(project, status) });
    await expect(row.getByText("Advertised", { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "4 products match" })).toBeVisible();

  await page.reload();
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await expect(page.getByLabel("Search by name")).toHaveValue(`Ad fixture ${project}`);
  await expect(page.getByRole("button", { name: "Filters (2)" })).toBeVisible();
  await expect(rows(page)).toHaveCount(4);

  // Published only: nothing of these drafts.
  await page.getByRole("button", { name: "Filters (2)" }).click();
  await dialog.getByLabel("Status").selectOption("published");
  await dialog.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No products match these filters.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "0 products match" })).toBeVisible();
  // Back shows the previous view again.
  await page.goBack();
  await expect(page).toHaveURL(/status=draft&advertised=yes/);
  await expect(rows(page)).toHaveCount(4);
});

test("bulk publish, draft and delete, each with its toast; the public page follows at once", async ({ page, baseURL, playwright }, testInfo) => {
  await signInAsAdmin(page, baseURL!);
  const prefix = `Bulk ${testInfo.project.name} ${Date.now().toString(36)}`;
  await createDrafts(page, baseURL!, prefix, 3);
  const anonymous = await playwright.request.newContext({ baseURL });

  await open(page, `/admin/products?q=${encodeURIComponent(prefix)}`);
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).getByText("Draft", { exact: true })).toHaveCount(3);
  // Newest first: row n is product 3 - n; the slug is shown under the name.
  const slugs = (await rows(page).locator("td:nth-child(2) span").allTextContents()).map((s) => s.slice(1)).reverse();
  expect(await anonymousStatus(anonymous, `/resources/${slugs[0]}`)).toBe(404);

  const publish = page.getByRole("button", { name: "Publish" });
  await expect(publish).toBeDisabled();
  await page.getByLabel("Select all products on this page").check();
  await expect(page.getByText("3 selected")).toBeVisible();
  await publish.click();
  await expect(toast(page, "3 products published")).toBeVisible();
  await expect(rows(page).getByText("Published", { exact: true })).toHaveCount(3);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(prefix).replace(/%20/g, "\\+")}`));
  // Anonymous visitors see it at once (and their copy is now cached).
  expect(await anonymousStatus(anonymous, `/resources/${slugs[0]}`)).toBe(200);
  expect(await anonymousStatus(anonymous, `/resources/${slugs[0]}`)).toBe(200);

  await page.getByLabel(`Select ${prefix} 1`).check();
  await page.getByRole("button", { name: "Draft", exact: true }).click();
  await expect(toast(page, "1 moved to draft")).toBeVisible();
  await expect(rows(page).filter({ hasText: `${prefix} 1` }).getByText("Draft", { exact: true })).toBeVisible();
  expect(await anonymousStatus(anonymous, `/resources/${slugs[0]}`)).toBe(404);
  await expectAccessible(page);

  await page.getByLabel("Select all products on this page").check();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Delete 3 products?" });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await confirm.getByRole("button", { name: "Delete permanently" }).click();
  await expect(toast(page, "3 permanently deleted")).toBeVisible();
  await expect(page.getByText("No products match these filters.")).toBeVisible();
  expect(await anonymousStatus(anonymous, `/resources/${slugs[1]}`)).toBe(404);
  await anonymous.dispose();
});

test("Clear Cache empties the page cache: the next anonymous visit renders afresh", async ({ page, baseURL, playwright }) => {
  await signInAsAdmin(page, baseURL!);
  const anonymous = await playwright.request.newContext({ baseURL });
  const path = `/about?cache-check=${Date.now().toString(36)}${octet()}`;
  await expect
    .poll(async () => {
      await anonymous.get(path);
      return (await anonymous.get(path)).headers()["x-page-cache"];
    })
    .toBe("HIT");
  await open(page, "/admin/products");
  await page.getByRole("button", { name: "Clear Cache" }).click();
  await expect(toast(page, "Cache Cleared")).toBeVisible();
  expect((await anonymous.get(path)).headers()["x-page-cache"]).toBe("MISS");
  await anonymous.dispose();
});

test("Trending Ads shows each ad status from the dates, and remaps the chosen products", async ({ page, baseURL }, testInfo) => {
  await signInAsAdmin(page, baseURL!);
  const project = testInfo.project.name;
  await open(page, "/admin/trending-ads");
  await expect(page.getByRole("heading", { name: "Trending Ads", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add New Product" })).toHaveAttribute("href", "/admin/submit");
  for (const status of AD_FIXTURE_STATUSES) {
    const row = rows(page).filter({ hasText: adFixtureName(project, status) });
    await expect(row.locator("td").nth(3)).toHaveText(status);
  }
  await expectAccessible(page);

  for (const status of AD_FIXTURE_STATUSES) await page.getByLabel(`Select ${adFixtureName(project, status)}`).check();
  await page.getByRole("button", { name: "Remap" }).click();
  await expect(page).toHaveURL(/\/admin\/bulk-remap\?ids=\d+%2C\d+%2C\d+%2C\d+&back=trending-ads$/);
  await expect(page.getByRole("heading", { name: "Bulk Remap" })).toBeVisible();
  // The ids are in the URL: a reload keeps the chosen products.
  await page.reload();
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await expect(page.getByRole("heading", { name: "4 chosen products" })).toBeVisible();
  await page.getByLabel("Niche").selectOption({ index: 1 });
  await expect(page).toHaveURL(/niche=\d+/);
  const subcategories = page.getByRole("group", { name: /^Subcategories of / });
  await expect(subcategories).toBeVisible();
  const niche = (await subcategories.locator("legend").textContent())!.replace("Subcategories of ", "");
  await subcategories.getByRole("checkbox").first().check();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Remap 4 products" }).click();
  await expect(toast(page, `4 products mapped to ${niche}`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/trending-ads$/);

  // The products list shows their new niche.
  await open(page, `/admin/products?q=${encodeURIComponent(`Ad fixture ${project}`)}`);
  await expect(rows(page).filter({ hasText: niche })).toHaveCount(4);
});

test("hostile values in every query parameter and form field never give a 5xx", async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "HTTP only: once is enough");
  await signInAsAdmin(page, baseURL!);
  const hostile = ["%00", "%F0%9F", "%ED%A0%80", "-1", "1e99", "99999999999999999999", "x'%20or%201=1--", "%3Cscript%3E", "a".repeat(5000), "[]", "1,2,,x"];
  const params = ["q", "niche", "status", "advertised", "coupon", "pricing", "from", "to", "subcategory", "page"];
  for (const value of hostile) {
    for (const path of ["/admin/products", "/admin/trending-ads"]) {
      const query = params.map((name) => `${name}=${value}`).join("&");
      const response = await page.request.get(`${path}?${query}`, { maxRedirects: 0 });
      expect(response.status(), `${path}?${query.slice(0, 80)}`).toBeLessThan(500);
    }
    const remap = await page.request.get(`/admin/bulk-remap?ids=${value}&niche=${value}&back=${value}`, { maxRedirects: 0 });
    expect(remap.status(), `remap ${value.slice(0, 40)}`).toBeLessThan(500);
  }
  const fields = ["\u0000", "\uD800", "-1", "1.5", "99999999999999999999", "1".repeat(20_000), "<img src=x>", ""];
  for (const value of fields) {
    for (const intent of ["publish", "draft", "delete", "remap", "clear-cache-x", value]) {
      const response = await page.request.post("/admin/products", { headers: { Origin: baseURL! }, form: { intent, ids: value }, maxRedirects: 0 });
      expect(response.status(), `${intent} ${value.slice(0, 20)}`).toBeLessThan(500);
    }
    const remap = await page.request.post("/admin/bulk-remap", {
      headers: { Origin: baseURL! },
      form: { ids: value, niche: value, subcategories: value, back: value },
      maxRedirects: 0,
    });
    expect(remap.status(), `remap ${value.slice(0, 20)}`).toBeLessThan(500);
  }
  const multipart = await page.request.post("/admin/products", { headers: { Origin: baseURL! }, multipart: { intent: "publish", ids: { name: "x.txt", mimeType: "text/plain", buffer: Buffer.from("1") } }, maxRedirects: 0 });
  expect(multipart.status()).toBe(400);
});

test("issue 36, item 14: the audit log names the products a bulk action changed, with links", async ({ page, baseURL }, testInfo) => {
  await signInAsAdmin(page, baseURL!);
  const prefix = `Audited ${testInfo.project.name} ${Date.now().toString(36)}`;
  await createDrafts(page, baseURL!, prefix, 5);
  await open(page, `/admin/products?q=${encodeURIComponent(prefix)}`);
  await expect(rows(page)).toHaveCount(5);
  await page.getByLabel("Select all products on this page").check();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "5 products published")).toBeVisible();
  await page.getByLabel(`Select ${prefix} 2`).check();
  await page.getByRole("button", { name: "Draft", exact: true }).click();
  await expect(toast(page, "1 moved to draft")).toBeVisible();

  await open(page, "/admin/audit?action=products.publish");
  const published = page.getByRole("article").filter({ hasText: prefix }).first();
  await expect(published).toContainText(`5 products: ${prefix} 1, ${prefix} 2, ${prefix} 3 and 2 more`);
  await expect(published.getByRole("link", { name: `${prefix} 3`, exact: true })).toBeVisible();
  await expect(published.getByRole("link", { name: `${prefix} 4`, exact: true })).toHaveCount(0);

  await open(page, "/admin/audit?action=products.draft");
  const drafted = page.getByRole("article").filter({ hasText: prefix }).first();
  await expect(drafted).toContainText(`1 product: ${prefix} 2`);
  await expectAccessible(page);
  await drafted.getByRole("link", { name: `${prefix} 2`, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products\/edit\/\d+$/);
  await expect(page.getByLabel("Product Name*")).toHaveValue(`${prefix} 2`);
});
