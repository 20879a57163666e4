import type { Page } from "@playwright/test";
import { expect, expectAccessible, open, test } from "./fixtures";

// The search page and the header's search dialog.

const NO_MATCH = "qqzxvjwk";

const results = (page: Page) => page.getByRole("list", { name: "Search results" }).getByRole("listitem");

test("search pages are server-rendered", async ({ request }) => {
  // React separates adjacent text parts with empty comments.
  const text = async (path: string) => (await (await request.get(path)).text()).replaceAll("<!-- -->", "");
  const withQuery = await text("/search?q=notion");
  expect(withQuery).toContain("Search Results for &quot;notion&quot;");
  expect(withQuery).toContain(">Notion</a>");

  const typo = await text("/search?q=notoin");
  expect(typo).toContain(">Notion</a>");

  const empty = await request.get("/search");
  expect(empty.status()).toBe(200);
  expect(await empty.text()).toContain("Search Products");

  expect(await text("/search?q=%20%20")).toContain("Search Products");

  const none = await text(`/search?q=${NO_MATCH}`);
  expect(none).toContain("No results found");
});

test("the header search dialog trims the query and shows the results, Notion first", async ({ page }) => {
  await open(page, "/");
  await page.getByRole("button", { name: "Open search" }).click();
  const dialog = page.getByRole("dialog", { name: "Search" });
  await dialog.getByLabel("Search products").fill("  notion  ");
  await dialog.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=notion$/);
  await expect(page.getByRole("heading", { level: 1, name: 'Search Results for "notion"' })).toBeVisible();
  await expect(results(page).first().getByRole("heading", { name: "Notion", exact: true })).toBeVisible();
  // Screen readers hear the number of results, not the whole list.
  await expect(page.getByRole("main").getByRole("status")).toHaveText(/^\d+ results? for "notion"$/);
  await expect(dialog).toBeHidden();
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }
  await expectAccessible(page);
});

test("a whitespace-only query does not navigate", async ({ page }) => {
  await open(page, "/search");
  await expect(page.getByRole("heading", { level: 1, name: "Search Products" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Open search" }).click();
  const dialog = page.getByRole("dialog", { name: "Search" });
  await dialog.getByLabel("Search products").fill("   ");
  await dialog.getByRole("button", { name: "Search", exact: true }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The page's own search box ignores it too.
  const pageForm = page.getByRole("main").getByRole("search");
  await pageForm.getByLabel("Search products").fill("   ");
  await pageForm.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Search Products" })).toBeVisible();
  expect(new URL(page.url()).search).toBe("");
});

test("the page's search box trims the query, and a typo still finds Notion", async ({ page }) => {
  await open(page, "/search");
  const pageForm = page.getByRole("main").getByRole("search");
  await pageForm.getByLabel("Search products").fill(" notoin ");
  await pageForm.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=notoin$/);
  await expect(page.getByRole("heading", { level: 1, name: 'Search Results for "notoin"' })).toBeVisible();
  await expect(results(page).getByRole("heading", { name: "Notion", exact: true })).toBeVisible();
});

test("no results shows the empty state with a link to browse all resources", async ({ page }) => {
  await open(page, `/search?q=${NO_MATCH}`);
  await expect(page.getByRole("heading", { level: 1, name: `Search Results for "${NO_MATCH}"` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No results found" })).toBeVisible();
  await expect(page.getByText("We couldn't find any resources matching your search.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse all resources" })).toHaveAttribute("href", "/");
  await expectAccessible(page);
});
