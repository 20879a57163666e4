import { expect, test } from "./fixtures";

// Decision 057: a page's JavaScript is requested once the page has been painted, not while the
// browser is still fetching what it needs to paint (Lighthouse's LCP on a slow phone). The page then
// hydrates as before.
test("no script is requested before the page can paint; once painted it loads its scripts and hydrates", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  // The stylesheet blocks the first paint: hold it.
  let releaseStylesheet!: () => void;
  const stylesheetHeld = new Promise<void>((resolve) => (releaseStylesheet = resolve));
  await page.route("**/assets/*.css", async (route) => {
    await stylesheetHeld;
    await route.continue();
  });
  // A probe image at the very end of the document: when the browser asks for it, it has read the
  // whole page (its preload scanner requests what the page names in document order).
  await page.route("**/", async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    const html = (await response.text()).replace("</body>", '<img src="/favicon.svg?end-of-document" alt=""></body>');
    await route.fulfill({ response, body: html });
  });

  const probe = page.waitForRequest((request) => request.url().includes("end-of-document"));
  const navigation = page.goto("/");
  await probe;
  expect(scripts, "scripts requested before the page could paint").toEqual([]);

  releaseStylesheet();
  await navigation;
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  expect(scripts.some((url) => /\/assets\/entry\.client-[\w-]+\.js$/.test(url))).toBe(true);

  // Hydrated for real: a client-side control works (the theme menu opens and switches the theme).
  await page.getByRole("button", { name: "Toggle theme" }).click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
});

// Decision 063: the stylesheet is linked once. As a side-effect import it was attached to the chunk
// every lazily loaded part imports, so the first part to load linked it a second time and the
// browser restyled and laid out the whole page again (on the product page, Lighthouse's LCP moved
// from 1 s to 2.3 s).
test("the stylesheet is linked once, after the lazy parts have loaded and after a client-side navigation", async ({ page }) => {
  const stylesheets = () => page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute("href")));
  await page.goto("/");
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  // A part loaded on demand: the theme menu's items.
  await page.getByRole("button", { name: "Toggle theme" }).click();
  await expect(page.getByRole("menuitemradio", { name: "Dark" })).toBeVisible();
  await page.keyboard.press("Escape");
  const [only, ...others] = await stylesheets();
  expect(others).toEqual([]);
  expect(only).toMatch(/^\/assets\/app-[\w-]+\.css$/);

  // A client-side navigation keeps it, and the next page is styled by it.
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  expect(await stylesheets()).toEqual([only]);
  expect(await page.evaluate(() => getComputedStyle(document.querySelector("footer")!).borderTopStyle)).toBe("solid");
});
