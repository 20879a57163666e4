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
