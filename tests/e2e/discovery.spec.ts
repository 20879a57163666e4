import { expect, expectAccessible, open, test } from "./fixtures";

// Issue 37 parts 3 and 4: a product's alternatives, ranked, and two or three products side by
// side, at 1280 px and 360 px (the desktop and mobile projects).

test("a visitor finds 1Password's alternatives and compares one with it", async ({ page }) => {
  await open(page, "/alternatives/1password");
  await expect(page.getByRole("heading", { level: 1, name: "1Password Alternatives" })).toBeVisible();
  const list = page.getByRole("list", { name: "Alternatives to 1Password" });
  const items = list.getByRole("listitem");
  expect(await items.count()).toBeGreaterThanOrEqual(5);
  // The best-ranked alternatives are password managers, and each says why it is listed.
  await expect(items.first()).toContainText("Shares Password Managers");
  await expectAccessible(page);
  const noOverflow = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noOverflow).toBe(true);

  const first = items.first();
  const name = (await first.getByRole("heading", { level: 3 }).innerText()).trim();
  await first.getByRole("link", { name: `Compare ${name} with 1Password` }).click();
  await expect(page).toHaveURL(/\/compare\/[a-z0-9-]+-vs-[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("1Password");
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader", { name: /1Password/ })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })).toBeVisible();
  for (const row of ["Pricing", "Rating", "Reviews", "Upvotes", "Niches", "Tags", "Website"]) {
    await expect(table.getByRole("rowheader", { name: row })).toBeVisible();
  }
  await expectAccessible(page);
  // At 360 px the table scrolls inside its own region; the page itself does not.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test("a comparison has one address; an unknown product is not found", async ({ page }) => {
  await page.goto("/compare/obsidian-vs-notion");
  await expect(page).toHaveURL(/\/compare\/notion-vs-obsidian$/);
  await expect(page.getByRole("heading", { level: 1, name: "Notion vs Obsidian" })).toBeVisible();

  const missing = await page.goto("/compare/notion-vs-no-such-product");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Comparison not found" })).toBeVisible();

  const noProduct = await page.goto("/alternatives/no-such-product");
  expect(noProduct?.status()).toBe(404);
});
