/**
 * The list pages' links (PageLink, decision 060) move between pages as React Router's Link does:
 * client-side, without loading a new document; a card prefetches its page when pointed at; a
 * modified click is left to the browser.
 */
import type { Page } from "@playwright/test";
import { expect, open, test } from "./fixtures";

/** Counts the documents the page loads from now on (a client-side move loads none). */
function countDocuments(page: Page) {
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document" && request.frame() === page.mainFrame()) documents.push(request.url());
  });
  return documents;
}

test("a tag, a card and a category move client-side, and a card prefetches its page on hover", async ({ page }) => {
  const wide = page.viewportSize()!.width >= 1024;
  await open(page, "/");
  const documents = countDocuments(page);
  // A marker that only survives while the same document stays loaded.
  const mark = () => page.evaluate(() => ((window as Window & { sameDocument?: boolean }).sameDocument = true));
  const sameDocument = () => page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument === true);
  await mark();
  const cards = page.getByRole("list", { name: "Products" }).getByRole("article");

  // Pointing at a card's link fetches that product page's data before any click.
  const second = cards.nth(1).getByRole("heading", { level: 3 }).getByRole("link");
  const secondHref = (await second.getAttribute("href"))!;
  const prefetched = page.waitForRequest((request) => new URL(request.url()).pathname === `${secondHref}.data`);
  await second.hover();
  await prefetched;

  // The first card with a tag (products other specs list today come first, some without tags).
  const tag = cards.locator('a[href^="/tag/"]').first();
  const tagHref = (await tag.getAttribute("href"))!;
  await tag.click();
  await expect(page).toHaveURL(new RegExp(`${tagHref.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("for Experts and Beginners");
  expect(await sameDocument()).toBe(true);

  const productLink = cards.first().getByRole("heading", { level: 3 }).getByRole("link");
  const productHref = (await productLink.getAttribute("href"))!;
  await productLink.click();
  await expect(page).toHaveURL(new RegExp(`${productHref}$`));
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
  expect(await sameDocument()).toBe(true);

  if (wide) {
    // The category tree beside the list (a drawer on narrow screens).
    await open(page, "/");
    await mark();
    const niche = page.getByRole("navigation", { name: "Filter by Categories" }).locator('a[href^="/niche/"]').first();
    const nicheHref = (await niche.getAttribute("href"))!;
    await niche.click();
    await expect(page).toHaveURL(new RegExp(`${nicheHref}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Resources for Experts and Beginners");
    expect(await sameDocument()).toBe(true);
  }
  // No page but the ones opened by address loaded a document.
  expect(documents).toEqual(wide ? [expect.stringMatching(/\/$/)] : []);
});

test("a click with a modifier key is left to the browser", async ({ page, context }) => {
  await open(page, "/");
  const tag = page.getByRole("list", { name: "Products" }).getByRole("article").locator('a[href^="/tag/"]').first();
  const href = (await tag.getAttribute("href"))!;
  const opened = context.waitForEvent("page");
  await tag.click({ modifiers: ["ControlOrMeta"] });
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(href);
  // The page itself stayed where it was.
  expect(new URL(page.url()).pathname).toBe("/");
  await tab.close();
});
