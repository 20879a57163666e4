/**
 * Cards below the fold and the desktop sidebar hydrate when they are about to be seen, not with the
 * rest of the page (decision 068): React keeps their server HTML, hydrates it in place, and handles
 * a click on a part that has not hydrated yet as it would any other.
 *
 * "Hydrated" is read from the element itself: React keeps an element's props on the DOM node it
 * hydrated (a `__reactProps$` key); server HTML it has not reached has none.
 */
import type { Page } from "@playwright/test";
import { expect, open, test } from "./fixtures";

type Marked = Window & { farCard?: Element; sameDocument?: boolean };

/** Keeps the 16th card's server-rendered element, as parsed, for comparing with what is shown later. */
async function keepFarCardAsParsed(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as Marked).farCard = document.querySelectorAll('ul[aria-label="Products"] > li article')[15];
    });
  });
}

/** Stops the idle-time hydration, so that only sight and use hydrate a part. */
async function noIdleTime(page: Page) {
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
}

const farCard = (page: Page) => page.getByRole("list", { name: "Products" }).getByRole("article").nth(15);
const isHydrated = (page: Page) =>
  farCard(page).evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps$")));

test("a card far down the page hydrates in place when it comes near the screen", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await noIdleTime(page);
  await keepFarCardAsParsed(page);
  await open(page, "/");
  await expect(farCard(page)).toBeAttached();
  expect(await isHydrated(page)).toBe(false);

  await farCard(page).scrollIntoViewIfNeeded();
  await expect.poll(() => isHydrated(page)).toBe(true);
  // The very element the server sent, hydrated: not thrown away and rendered again.
  expect(await farCard(page).evaluate((element) => element === (window as Marked).farCard)).toBe(true);
  await farCard(page).getByRole("button", { name: /^Upvote / }).click();
  await expect(page.getByText("Please sign in to upvote products.")).toBeVisible();
});

test("a click on a card that has not hydrated yet is handled by the app, on a slow phone too", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await noIdleTime(page);
  // A CPU six times slower: React's own attempt to hydrate the card during the click then fails.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  await open(page, "/");
  expect(await isHydrated(page)).toBe(false);

  // The press and the click as the browser sends them, on the card where it is (not scrolled to).
  await farCard(page)
    .getByRole("button", { name: /^Upvote / })
    .evaluate((button) => {
      button.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, isPrimary: true }));
      // Cancelable, as a browser's click is: the upvote button is a form's submit button (decision 082).
      button.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
    });
  await expect(page.getByText("Please sign in to upvote products.")).toBeVisible();
  await page.keyboard.press("Escape");

  // A card's title link moves client-side, as on any hydrated card.
  await page.evaluate(() => ((window as Marked).sameDocument = true));
  const link = page.getByRole("list", { name: "Products" }).getByRole("article").nth(18).getByRole("heading").getByRole("link");
  const href = (await link.getAttribute("href"))!;
  await link.evaluate((anchor) => {
    anchor.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, isPrimary: true }));
    anchor.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
  });
  await expect(page).toHaveURL(href);
  expect(await page.evaluate(() => (window as Marked).sameDocument)).toBe(true);
});

test("without scrolling, every card and the sidebar hydrate in the browser's idle time", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await keepFarCardAsParsed(page);
  await open(page, "/");
  const last = page.getByRole("list", { name: "Products" }).getByRole("article").last();
  await expect
    .poll(() => last.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"))))
    .toBe(true);
  expect(await farCard(page).evaluate((element) => element === (window as Marked).farCard)).toBe(true);
  // The sidebar, hidden at this width, too (its filter box is in the drawer's copy as well: the first is the sidebar's).
  const sidebarFilter = page.locator('aside[aria-label="Categories"] input').first();
  await expect
    .poll(() => sidebarFilter.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"))))
    .toBe(true);
});

test("a new page's cards, rendered in the browser, show at once", async ({ page }) => {
  await open(page, "/");
  await page.evaluate(() => ((window as Marked).sameDocument = true));
  await page.getByRole("list", { name: "Products" }).getByRole("article").first().getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(/\/resources\//);
  // Back to the list: a client-side render, whose cards are all there at once.
  await page.goBack();
  await expect(page.getByRole("list", { name: "Products" }).getByRole("article")).toHaveCount(20);
  expect(await page.evaluate(() => (window as Marked).sameDocument)).toBe(true);
});
