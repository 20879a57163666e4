import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";

/**
 * CI's PostgreSQL pass sets E2E_AXE=off: the same pages were scanned in its PGlite pass, and what
 * axe judges (markup, names, contrast) does not depend on the database (decision 067).
 */
export const axeOff = process.env.E2E_AXE === "off";

/**
 * An axe scan run in the page itself. Legacy mode: the default runs each frame's part, then merges
 * them in a new blank page, twice the time (3.5-4.1 s against 1.7-1.9 s for the home page, same
 * results), paid by 161 scans per project (decision 066). Our pages embed no frames of our own (a
 * video embed's frame is the provider's).
 */
export const axeScan = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);

/** Fails on serious or critical accessibility violations, listing them. */
export async function expectAccessible(page: Page) {
  if (axeOff) return;
  // Contrast is judged on what stays on screen: a toast or dialog still fading in is half
  // transparent (axe once failed a sonner toast mid-fade). Finite animations get up to 2 s to end.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
      null,
      { timeout: 2_000 },
    )
    .catch(() => {});
  const results = await axeScan(page).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`),
  ).toEqual([]);
}

/** A console error or an uncaught page error fails the test. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page, baseURL }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        // The 404 status of a deliberately missing page is reported as a console error by Chromium.
        if (/status of 404/.test(text)) return;
        // Outside resources (catalogue logos) cannot load on a machine without internet.
        const source = message.location().url;
        if (/^Failed to load resource/.test(text) && source && !source.startsWith(baseURL ?? "")) return;
        errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Opens a page and waits until React has hydrated it, so clicks reach their handlers. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  return response;
}

/** An e-mail address no other test (or project, or run) uses. */
export function uniqueEmail(testInfo: TestInfo, name = "person") {
  return `${name}.${testInfo.project.name}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
}

/** Signs in through the local development screen (Google stand-in), starting from `from`. */
export async function signInThroughDevScreen(page: Page, email: string, from = "/auth") {
  await open(page, from);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page.getByRole("heading", { name: "Development sign-in" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await skipOnboarding(page, from);
}

/**
 * A first sign-in is offered onboarding (decision 049): skip it, which continues to where the
 * sign-in was going, unless the test signed in to see onboarding itself.
 */
export async function skipOnboarding(page: Page, from = "/auth") {
  await page.waitForURL((url) => url.pathname !== "/auth/dev" && url.pathname !== "/auth");
  const wanted = new URL(from, "http://x").searchParams.get("redirectTo") ?? "/";
  if (new URL(page.url()).pathname !== "/onboarding" || wanted.startsWith("/onboarding")) return;
  // A plain form post: works before hydration and without JavaScript.
  await page.getByRole("button", { name: "Skip for now" }).click();
  await page.waitForURL((url) => url.pathname !== "/onboarding");
}
