import { expect, expectAccessible, test } from "./fixtures";

test("the home page lists the demo catalogue, server-rendered", async ({ page, request }) => {
  const html = await (await request.get("/")).text();
  expect(html).toContain("Toolnest");
  await page.goto("/");
  await expect(page).toHaveTitle(/Toolnest/);
  await expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();
  await expectAccessible(page);
});

test("unknown routes answer 404 with the spec's not-found page", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectAccessible(page);
});

test("a malformed URL gets a clear answer, not a crash", async ({ request }) => {
  const response = await request.get("/%E0%A4%A");
  expect([400, 404]).toContain(response.status());
  expect(await response.text()).not.toMatch(/stack|at \w+ \(/i);
});

test("/healthz reports the database as reachable", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: true });
});

for (const path of ["/about", "/privacy", "/terms"]) {
  test(`${path} renders and is accessible`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page);
  });
}

test("/about credits the catalogue's sources", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByText(/Awesome Mac/).first()).toBeVisible();
  await expect(page.getByText(/CC BY 4\.0/).first()).toBeVisible();
});

test("the saved theme applies before the page paints", async ({ page, consoleErrors }) => {
  await page.addInitScript(() => localStorage.setItem("ui-theme", "dark"));
  // With every bundle blocked, only the inline head script can have set the theme.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto("/");
  const darkAtParse = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  expect(darkAtParse).toBe(true);
  // The blocked bundles are reported as failed loads; those are this test's own doing.
  consoleErrors.splice(0, consoleErrors.length);
});

test("the theme menu works from the keyboard, and the choice holds on the next page", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  const button = page.getByRole("button", { name: "Toggle theme" });
  // The choices' code loads when the menu first opens (decision 052): the first item still gets focus.
  await button.focus();
  await page.keyboard.press("ArrowDown");
  const menu = page.getByRole("menu", { name: "Theme" });
  await expect(menu.getByRole("menuitemradio", { name: "Light" })).toBeFocused();
  await expect(menu.getByRole("menuitemradio", { name: "System" })).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitemradio", { name: "Dark" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);

  await page.goto("/about");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await page.getByRole("button", { name: "Toggle theme" }).click();
  await expect(page.getByRole("menuitemradio", { name: "Dark" })).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu", { name: "Theme" })).toBeHidden();
});

for (const path of ["/", "/resources/notion", "/niche/developers"]) {
  test(`${path} is accessible in the dark theme too`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await expectAccessible(page);
  });
}
