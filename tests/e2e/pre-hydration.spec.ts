/**
 * A click before hydration shows at once (issue 36 item 16, decision 080). The page's scripts load
 * after the first paint, so on a slow phone a visitor can press a button React has not reached yet.
 * The inline script in the head (app/lib/early-clicks.ts) marks the button busy at once, holds the
 * click and clicks it again once the page has hydrated.
 *
 * The window before hydration is made by holding every script of the page until the test releases
 * it (not by timing: the machine may be slow or fast), with the CPU slowed four times as on a phone.
 */
import type { Page } from "@playwright/test";
import { expect, signInThroughDevScreen, test, uniqueEmail } from "./fixtures";

test.describe.configure({ timeout: 90_000 });

/**
 * Holds the page's JavaScript until `release()`, or until `fail()` makes every script request fail
 * (scripts that never arrive); the page is opened without waiting for its load event.
 */
async function openWithScriptsHeld(page: Page, path: string) {
  let settle!: (arrive: boolean) => void;
  const settled = new Promise<boolean>((resolve) => (settle = resolve));
  const release = () => settle(true);
  await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
    if (await settled) await route.continue();
    else await route.abort();
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto(path, { waitUntil: "commit" });
  await page.locator("footer").waitFor({ state: "attached" });
  return {
    release,
    fail: () => settle(false),
    /** The page has not hydrated: no script has run but the inline ones. */
    notHydrated: async () => expect(page.locator("html")).not.toHaveAttribute("data-hydrated"),
    hydrated: async () => {
      release();
      await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 60_000 });
    },
  };
}

/** Feedback within 100 ms of the click: the held button is marked busy. */
async function expectHeld(button: ReturnType<Page["locator"]>) {
  await expect(button).toHaveAttribute("aria-busy", "true", { timeout: 100 });
  await expect(button).toHaveAttribute("data-held", "", { timeout: 100 });
}

async function expectReleased(button: ReturnType<Page["locator"]>) {
  await expect(button).not.toHaveAttribute("data-held");
  await expect(button).not.toHaveAttribute("aria-busy");
}

test("search: the submit button shows the click at once and the search runs after hydration", async ({ page }) => {
  const scripts = await openWithScriptsHeld(page, "/search");
  await page.getByRole("searchbox", { name: "Search products" }).fill("home assistant");
  const submit = page.getByRole("search").getByRole("button", { name: "Search" });
  await submit.click();
  await expectHeld(submit);
  // Held, not sent as a plain form meanwhile.
  await page.waitForTimeout(300);
  expect(new URL(page.url()).search).toBe("");
  await scripts.notHydrated();

  await scripts.hydrated();
  await expect(page).toHaveURL(/\/search\?q=home(\+|%20)assistant$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results for "home assistant"');
  await expectReleased(page.getByRole("search").getByRole("button", { name: "Search" }));
});

test("share: the button shows the click at once and the share panel opens after hydration", async ({ page }) => {
  const scripts = await openWithScriptsHeld(page, "/resources/zigbee2mqtt");
  const share = page.getByRole("main").getByRole("button", { name: "Share" });
  await share.click();
  await expectHeld(share);
  await scripts.notHydrated();

  await scripts.hydrated();
  await expect(page.getByRole("dialog", { name: /^Share / })).toBeVisible();
  await expectReleased(share);
  // One dialog, opened once.
  await expect(page.getByRole("dialog")).toHaveCount(1);
});

test("theme: the menu button shows the click at once, the menu opens after hydration and the theme changes", async ({ page }) => {
  const scripts = await openWithScriptsHeld(page, "/");
  const toggle = page.getByRole("button", { name: "Toggle theme" });
  const wasDark = await page.locator("html").evaluate((html) => html.classList.contains("dark"));
  await toggle.click();
  await expectHeld(toggle);
  await scripts.notHydrated();

  await scripts.hydrated();
  // Opened by the replayed click, not toggled twice (open, then closed).
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expectReleased(toggle);
  await page.getByRole("menuitemradio", { name: wasDark ? "Light" : "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(wasDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
});

test("month stepper: two clicks before hydration show at once and count once after it", async ({ page }) => {
  const scripts = await openWithScriptsHeld(page, "/advertise");
  const more = page.getByRole("button", { name: "One month more" });
  const months = page.getByTestId("months");
  await expect(months).toHaveText("1 month");
  await more.click();
  await expectHeld(more);
  // A second press on a button already held is the same request, not another.
  await more.click();
  await expect(months).toHaveText("1 month");
  expect(new URL(page.url()).search).toBe("");
  await scripts.notHydrated();

  await scripts.hydrated();
  await expect(months).toHaveText("2 months");
  await expectReleased(more);
  await page.waitForTimeout(500);
  await expect(months).toHaveText("2 months");
  expect(new URL(page.url()).search).toBe("");
});

test("upvote: a signed-in user's click shows at once and counts once after hydration", async ({ page }, testInfo) => {
  await signInThroughDevScreen(page, uniqueEmail(testInfo, "early"));
  await expect(page).toHaveURL(/\/$/);
  const scripts = await openWithScriptsHeld(page, "/resources/zigbee2mqtt");
  const upvote = page.getByRole("main").locator("header").getByRole("button", { name: /^Upvote .* \(\d+ upvotes\)$/ });
  const label = (await upvote.getAttribute("aria-label"))!;
  const before = Number(/\((\d+) upvotes\)/.exec(label)![1]);
  const name = /^Upvote (.*) \(\d+ upvotes\)$/.exec(label)![1]!;
  await expect(upvote).toHaveAttribute("aria-pressed", "false");
  await upvote.click();
  await expectHeld(upvote);
  // Pressed twice before hydration: still one upvote, not an upvote and its withdrawal.
  await upvote.click();
  await scripts.notHydrated();

  await scripts.hydrated();
  await expect(upvote).toHaveAttribute("aria-pressed", "true");
  await expect(upvote).toHaveAccessibleName(`Upvote ${name} (${before + 1} upvotes)`);
  await expectReleased(upvote);

  // Kept by the server, once.
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.goto("/resources/zigbee2mqtt");
  await expect(upvote).toHaveAccessibleName(`Upvote ${name} (${before + 1} upvotes)`);
  await expect(upvote).toHaveAttribute("aria-pressed", "true");
});

test("upvote: when the scripts never arrive, the held click is posted once as a plain form", async ({ page, consoleErrors }, testInfo) => {
  // A product of its own per project: the count is compared before and after.
  const slug = testInfo.project.name === "mobile" ? "engineerman" : "devcord";
  await signInThroughDevScreen(page, uniqueEmail(testInfo, "noscripts"));
  await expect(page).toHaveURL(/\/$/);
  const scripts = await openWithScriptsHeld(page, `/resources/${slug}`);
  const writes: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith("/upvote")) writes.push(`${request.method()} ${path}`);
  });
  const upvote = page.getByRole("main").locator("header").getByRole("button", { name: /^Upvote .* \(\d+ upvotes\)$/ });
  const label = (await upvote.getAttribute("aria-label"))!;
  const before = Number(/\((\d+) upvotes\)/.exec(label)![1]);
  const name = /^Upvote (.*) \(\d+ upvotes\)$/.exec(label)![1]!;
  await expect(upvote).toHaveAttribute("aria-pressed", "false");
  await upvote.click();
  await expectHeld(upvote);
  await upvote.click();
  await scripts.notHydrated();

  // The scripts fail: the held click goes through as the form's own submission (at once, or after
  // the script's 10 s wait), and the server sends the browser back to the page.
  const posted = page.waitForResponse((response) => response.request().method() === "POST" && response.url().endsWith("/upvote"), { timeout: 30_000 });
  scripts.fail();
  expect((await posted).status()).toBe(303);
  await expect(upvote).toHaveAccessibleName(`Upvote ${name} (${before + 1} upvotes)`);
  await expect(upvote).toHaveAttribute("aria-pressed", "true");
  await scripts.notHydrated();
  // One write, the form's: no API toggle besides it.
  expect(writes).toEqual([expect.stringMatching(/^POST \/products\/\d+\/upvote$/)]);
  // Chromium reports each script the test refused as a console error; those are expected.
  for (let i = consoleErrors.length - 1; i >= 0; i -= 1) if (/net::ERR_FAILED/.test(consoleErrors[i]!)) consoleErrors.splice(i, 1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the month stepper works as a plain form", async ({ page }) => {
    await page.goto("/advertise");
    const months = page.getByTestId("months");
    await expect(months).toHaveText("1 month");
    await page.getByRole("button", { name: "One month more" }).click();
    await expect(months).toHaveText("2 months");
    await page.getByRole("button", { name: "One month more" }).click();
    await expect(months).toHaveText("3 months");
    await page.getByRole("button", { name: "One month less" }).click();
    await expect(months).toHaveText("2 months");
    await expect(page.getByTestId("total")).not.toBeEmpty();
  });
});
