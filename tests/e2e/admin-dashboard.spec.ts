import type { Page } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "./admin-account";
import { portalSignIn } from "./admin-portal";
import { expect, expectAccessible, open, test } from "./fixtures";

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** Signs the page's browser in as the e2e administrator, from an address of its own (no shared lockout). */
async function signInAsAdmin(page: Page, baseURL: string) {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  const address = `10.${octet()}.${octet()}.${octet()}`;
  const response = await portalSignIn(page.request, baseURL, address, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  expect(response.status()).toBe(302);
}

/** Console errors the browser reports for a deliberate failure (React and React Router log caught render errors). */
function allowConsole(consoleErrors: string[], pattern: RegExp) {
  for (let i = consoleErrors.length - 1; i >= 0; i -= 1) if (pattern.test(consoleErrors[i]!)) consoleErrors.splice(i, 1);
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Admin" });
const toggle = (page: Page) => page.getByRole("button", { name: "Toggle navigation" });

test("the side navigation marks the current page and works with the keyboard, as a drawer under 768 px", async ({ page, baseURL }) => {
  await signInAsAdmin(page, baseURL!);
  await open(page, "/admin");
  // /admin is the dashboard.
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

  if (isMobile(page)) {
    await expect(nav(page)).toBeHidden();
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
    await toggle(page).focus();
    await page.keyboard.press("Enter");
    // Opening moves the keyboard into the drawer; the page behind is out of reach.
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
    await expect(nav(page).getByRole("link", { name: "Dashboard" })).toBeFocused();
    await expect(nav(page).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(page.locator("#admin-main")).toHaveAttribute("inert", "");
    await expectAccessible(page);
    // Escape closes it and gives the focus back to the toggle.
    await page.keyboard.press("Escape");
    await expect(nav(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#admin-main")).not.toHaveAttribute("inert", "");

    // Open again, move to Manage Products with the keyboard: the drawer closes on arrival.
    await page.keyboard.press("Enter");
    await expect(nav(page).getByRole("link", { name: "Dashboard" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(nav(page).getByRole("link", { name: "Manage Products" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(nav(page)).toBeHidden();
    await toggle(page).click();
    await expect(nav(page).getByRole("link", { name: "Manage Products" })).toHaveAttribute("aria-current", "page");
    await expect(nav(page).getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  } else {
    await expect(nav(page).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(page.locator("#admin-main")).not.toHaveAttribute("inert", "");
    // Keyboard: the toggle collapses to icons (the links keep their names) and expands again.
    await toggle(page).focus();
    await page.keyboard.press("Enter");
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
    await expect(nav(page).getByRole("link", { name: "Audit Log" })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press("Enter");
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
    await nav(page).getByRole("link", { name: "Manage Products" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(nav(page).getByRole("link", { name: "Manage Products" })).toHaveAttribute("aria-current", "page");
    await expect(nav(page).getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");
  }

  // Logout signs out and goes to the Admin Portal.
  const logout = page.getByRole("button", { name: "Logout" });
  await logout.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Signed Out")).toBeVisible();
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
});

test("Overview shows the cards, both charts with their tables and the newest products, in light and dark", async ({ page, baseURL }) => {
  await signInAsAdmin(page, baseURL!);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await open(page, "/admin/dashboard");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(scheme === "dark");
    const tabs = page.getByRole("navigation", { name: "Dashboard sections" });
    await expect(tabs.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "Debug Tools" })).not.toHaveAttribute("aria-current", "page");
    for (const card of ["Total Products", "Featured Products", "Categories"]) {
      await expect(page.getByText(card, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("list", { name: "Recently Added Products" }).getByRole("listitem")).toHaveCount(10);

    // Products per week: one chart described in words, and its table of 12 weeks.
    const weekly = page.getByRole("region", { name: /Products added per week/ });
    const weeklyChart = weekly.getByRole("img", { name: /^Products added: [\d,]+ in total from the week of/ });
    await expect(weeklyChart).toBeVisible();
    // The demo catalogue spreads its products over the last year: some fall in these 12 weeks.
    // Other specs add products meanwhile (imports of thousands): figures may carry thousands separators.
    const figure = (text: string) => Number(text.replaceAll(",", ""));
    const total = figure(/: ([\d,]+) in total/.exec((await weeklyChart.getAttribute("aria-label")) ?? "")![1]!);
    expect(total).toBeGreaterThan(0);
    await weekly.getByText("Show as table").click();
    const weeklyTable = weekly.getByRole("table", { name: "Products added per week, newest first" });
    await expect(weeklyTable.getByRole("row")).toHaveCount(13);
    const perWeek = await weeklyTable.getByRole("cell").allTextContents();
    expect(perWeek.reduce((n, cell) => n + figure(cell), 0)).toBe(total);

    // Engagement per day: a chart per metric and one table of 30 days.
    const engagement = page.getByRole("region", { name: /Engagement per day/ });
    for (const metric of ["Views", "Click-outs", "Upvotes", "Saves", "Reviews"]) {
      await expect(engagement.getByRole("img", { name: new RegExp(`^${metric}: [\\d,]+ in total from`) })).toBeVisible();
    }
    await engagement.getByText("Show as table").click();
    const engagementTable = engagement.getByRole("table", { name: /per day, newest first/ });
    await expect(engagementTable.getByRole("row")).toHaveCount(31);
    await expect(engagementTable.getByRole("columnheader")).toHaveText(["Day", "Views", "Click-outs", "Upvotes", "Saves", "Reviews"]);

    await expectAccessible(page);
    if (isMobile(page)) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }
});

test("Debug Tools lives in the URL, lists the error log, and its tester is caught by the page's error boundary", async ({ page, baseURL, consoleErrors }) => {
  await signInAsAdmin(page, baseURL!);
  await open(page, "/admin/dashboard");
  const tabs = page.getByRole("navigation", { name: "Dashboard sections" });
  await tabs.getByRole("link", { name: "Debug Tools" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\?tab=debug$/);
  await expect(tabs.getByRole("link", { name: "Debug Tools" })).toHaveAttribute("aria-current", "page");
  await expect(page).toHaveTitle(/^Debug Tools \| Dashboard/);

  // The error log: a table of recorded errors, or the empty state when the server has had none.
  const log = page.getByRole("region", { name: "Error log" });
  await expect(log.getByRole("heading", { name: "Error log" })).toBeVisible();
  const table = log.getByRole("table");
  if (await table.count()) {
    await expect(table.getByRole("columnheader")).toHaveText(["Time", "Method", "Path", "Status", "Message"]);
  } else {
    await expect(log.getByText("No server errors recorded.")).toBeVisible();
  }
  await expectAccessible(page);

  // Reload and back keep the tab the URL names.
  await page.reload();
  await expect(tabs.getByRole("link", { name: "Debug Tools" })).toHaveAttribute("aria-current", "page");
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(tabs.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await page.goForward();
  await expect(page.getByRole("heading", { name: "Error boundary tester" })).toBeVisible();
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });

  // The tester: a render error, caught by the dashboard's boundary inside the admin shell.
  await page.getByRole("button", { name: "Throw a test error" }).click();
  const boundary = page.getByRole("alert");
  await expect(boundary.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(boundary.getByText("The error boundary caught the test error from Debug Tools.")).toBeVisible();
  await expect(toggle(page)).toBeVisible();
  await expectAccessible(page);
  await boundary.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\?tab=debug$/);
  await expect(page.getByRole("button", { name: "Throw a test error" })).toBeVisible();
  allowConsole(consoleErrors, /Error boundary test|caught the following error during render/);
});
