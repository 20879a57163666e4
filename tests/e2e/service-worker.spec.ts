/**
 * The service worker (decision 050): registered at /service-worker.js, a new version announced
 * with the spec's notice and a reload that waits while a form is being edited, visited pages
 * kept for offline use and an offline page otherwise. Signed-in pages are never kept.
 *
 * A new version is what a browser sees after a deploy: a worker script that differs from the one
 * it runs. The test registers the same scope with a second script URL (which browsers treat as a
 * changed worker, exactly as a changed body), so no test-only switch exists on the server.
 */
import { request as playwrightRequest, type Page } from "@playwright/test";
import { expect, expectAccessible, open, signInThroughDevScreen, test, uniqueEmail } from "./fixtures";

const NOTICE = "New version available! Refreshing...";

test.use({ serviceWorkers: "allow" });

/** Waits until the worker is active, then opens `path` again so the page is under its control. */
async function openControlled(page: Page, path: string) {
  await open(page, path);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await open(page, path);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/service-worker\.js$/);
}

async function kept(page: Page, path: string): Promise<boolean> {
  return page.evaluate(async (url) => !!(await caches.match(new URL(url, location.href).href)), path);
}

test("the worker script, manifest and icons are served with the site's name", async ({ request }) => {
  const worker = await request.get("/service-worker.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["content-type"]).toContain("javascript");
  expect(worker.headers()["cache-control"]).toContain("no-cache");
  expect(await worker.text()).toMatch(/^\/\/ Toolnest service worker, build [0-9a-f]{16}\n/);

  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
  const body = (await manifest.json()) as { name: string; start_url: string; icons: { src: string; sizes: string }[] };
  expect(body).toMatchObject({ name: "Toolnest", start_url: "/", display: "standalone" });
  for (const icon of body.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  expect(body.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
});

test("a new version is announced and reloads the page, but never while a form is being edited", async ({ page }) => {
  await openControlled(page, "/search");
  const search = page.getByRole("searchbox", { name: "Search products" });
  await search.fill("half-typed query");
  await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));

  // The deploy: a changed worker installs and waits.
  await page.evaluate(() => navigator.serviceWorker.register("/service-worker.js?build=next", { scope: "/" }));
  await expect.poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);

  // Held while the search box differs from what the page loaded with: no notice, no reload.
  await page.waitForTimeout(4500);
  await expect(page.getByText(NOTICE)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);
  await expect(search).toHaveValue("half-typed query");

  // Cleaned: the notice shows, then the page reloads under the new worker.
  await search.fill("");
  await expect(page.getByText(NOTICE)).toBeVisible();
  await page.waitForFunction(() => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate, null, { timeout: 10_000 });
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toContain("build=next");
});

test("a notice already waiting on load is shown and reloads once the form is submitted", async ({ page }) => {
  await openControlled(page, "/search");
  const search = page.getByRole("searchbox", { name: "Search products" });
  await search.fill("notion");
  await page.evaluate(() => navigator.serviceWorker.register("/service-worker.js?build=next", { scope: "/" }));
  await expect.poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);
  await expect(page.getByText(NOTICE)).toHaveCount(0);

  await search.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=notion/);
  await expect(page.getByText(NOTICE)).toBeVisible();
  // Polled across the reload: an evaluation cut off by it counts as "not yet".
  const controller = () => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? "").catch(() => "");
  await expect.poll(controller, { timeout: 10_000 }).toContain("build=next");
  await expect(page.getByRole("heading", { name: 'Search Results for "notion"' })).toBeVisible();
});

test("visited pages open offline; others show the offline page", async ({ page, context }) => {
  // The landing page was fetched before the worker existed: it is kept once the worker is ready.
  await open(page, "/about");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => kept(page, "/about")).toBe(true);
  // Later pages go through the worker, which keeps the anonymous (public) ones.
  await open(page, "/terms");
  await expect.poll(() => kept(page, "/terms")).toBe(true);

  await context.setOffline(true);
  try {
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Terms/i);

    await page.goto("/about");
    await expect(page).toHaveTitle(/About/i);

    // Links keep working offline: to a kept page, and to the offline page for the rest.
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Terms" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page).toHaveTitle(/Terms/i);
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    await footer.getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await expectAccessible(page);
  } finally {
    await context.setOffline(false);
  }
});

test("a signed-in visitor's pages are never kept", async ({ page }, testInfo) => {
  await signInThroughDevScreen(page, uniqueEmail(testInfo, "offline"), "/auth?redirectTo=%2Fterms");
  await expect(page).toHaveURL(/\/terms$/);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await open(page, "/terms");
  await open(page, "/privacy");
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(await kept(page, "/terms")).toBe(false);
  expect(await kept(page, "/privacy")).toBe(false);
});

test("a page the worker answers shows a change on the next visit, not one visit late", async ({ page, baseURL }, testInfo) => {
  // A demo product no other spec reads (its reviews change here).
  const product = (await (await page.request.get("/api/v1/products/gridzzly")).json()) as { id: number; slug: string };
  await openControlled(page, `/resources/${product.slug}`);

  // Someone else reviews the product meanwhile.
  const comment = `Reviewed while a visitor's worker was running (${testInfo.project.name} ${Date.now().toString(36)})`;
  const from = `10.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
  const member = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": from, Origin: baseURL! } });
  try {
    const signIn = await member.post("/auth/dev", { form: { email: uniqueEmail(testInfo, "sw-review"), redirectTo: "/" }, maxRedirects: 0 });
    expect(signIn.status()).toBe(302);
    const posted = await member.post(`/api/v1/products/${product.id}/feedback`, { data: { comment, rating: 5 } });
    expect(posted.status(), await posted.text()).toBeLessThan(300);
  } finally {
    await member.dispose();
  }

  // The visitor's next visit goes through the worker, which asks the server again (no stale copy).
  const visit = await page.goto(`/resources/${product.slug}`);
  expect(visit?.fromServiceWorker()).toBe(true);
  await expect(page.getByText(comment)).toBeVisible();
});
