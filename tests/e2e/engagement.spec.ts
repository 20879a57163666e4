import type { Page, TestInfo } from "@playwright/test";
import { expect, expectAccessible, open, signInThroughDevScreen, skipOnboarding, test, uniqueEmail } from "./fixtures";

// Upvotes and saves on product pages and cards. Each project (and test) works on its own product,
// so parallel runs never see each other's counts.

const PRODUCTS = {
  desktop: { upvote: ["esphome", "ESPHome"], resume: ["homebridge", "Homebridge"], save: ["qmk", "QMK"], plain: ["kilonova", "Kilonova"] },
  mobile: { upvote: ["manim", "Manim"], resume: ["tasmota-discord", "Tasmota Discord"], save: ["vrchat", "VRChat"], plain: ["lospec", "Lospec"] },
} as const;

function product(testInfo: TestInfo, kind: keyof (typeof PRODUCTS)["desktop"]) {
  const [slug, name] = PRODUCTS[testInfo.project.name === "mobile" ? "mobile" : "desktop"][kind];
  return { slug, name };
}

function upvoteButton(page: Page, name: string) {
  return page
    .getByRole("main")
    .locator("header")
    .getByRole("button", { name: new RegExp(`^Upvote ${name} \\(\\d+ upvotes\\)$`) });
}

async function upvoteCount(page: Page, name: string): Promise<number> {
  const label = (await upvoteButton(page, name).getAttribute("aria-label")) ?? "";
  return Number(/\((\d+) upvotes\)/.exec(label)?.[1]);
}

// Several sign-ins and page loads each, on a machine shared with other runs.
test.describe.configure({ timeout: 90_000 });

const usernameOf = (email: string) => email.split("@")[0]!.replace(/[^a-z0-9]/gi, "");

test("a signed-in user upvotes and withdraws the upvote; the count, the button and the upvoters follow", async ({ page }, testInfo) => {
  const { slug, name } = product(testInfo, "upvote");
  const email = uniqueEmail(testInfo, "upvoter");
  await signInThroughDevScreen(page, email);
  await expect(page).toHaveURL(/\/$/);
  await open(page, `/resources/${slug}`);
  const before = await upvoteCount(page, name);
  const button = upvoteButton(page, name);
  await expect(button).toHaveAttribute("aria-pressed", "false");

  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expect(button).toHaveAccessibleName(`Upvote ${name} (${before + 1} upvotes)`);
  const upvoters = page.getByRole("region", { name: "Users Who Love This Product" });
  await expect(upvoters.getByText(usernameOf(email))).toBeVisible();
  await expectAccessible(page);

  // Kept by the server: a new visit shows it, with the user among the upvoters.
  await open(page, `/resources/${slug}`);
  await expect(upvoteButton(page, name)).toHaveAttribute("aria-pressed", "true");
  await expect(upvoteButton(page, name)).toHaveAccessibleName(`Upvote ${name} (${before + 1} upvotes)`);
  await expect(upvoters.getByText(usernameOf(email))).toBeVisible();

  await upvoteButton(page, name).click();
  await expect(upvoteButton(page, name)).toHaveAttribute("aria-pressed", "false");
  await expect(upvoteButton(page, name)).toHaveAccessibleName(`Upvote ${name} (${before} upvotes)`);
  await expect(upvoters.getByText(usernameOf(email))).toHaveCount(0);
  await open(page, `/resources/${slug}`);
  await expect(upvoteButton(page, name)).toHaveAccessibleName(`Upvote ${name} (${before} upvotes)`);
  await expect(upvoteButton(page, name)).toHaveAttribute("aria-pressed", "false");
});

test("an anonymous visitor's upvote is applied once they have signed in", async ({ page }, testInfo) => {
  const { slug, name } = product(testInfo, "resume");
  await open(page, `/resources/${slug}`);
  const before = await upvoteCount(page, name);
  await upvoteButton(page, name).click();
  const dialog = page.getByRole("dialog", { name: "Authentication Required" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Continue to Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`/auth\\?redirectTo=%2Fresources%2F${slug}$`));
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });

  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page.getByRole("heading", { name: "Development sign-in" })).toBeVisible();
  await page.getByLabel("Email").fill(uniqueEmail(testInfo, "resumer"));
  // The upvote is sent once the product page is back; the button shows it before the answer comes.
  const applied = page.waitForResponse((response) => response.url().endsWith(`/upvote`) && response.request().method() === "PUT");
  await page.getByRole("button", { name: "Continue" }).click();
  await skipOnboarding(page, `/auth?redirectTo=%2Fresources%2F${slug}`);

  await expect(page).toHaveURL(new RegExp(`/resources/${slug}$`));
  await expect(upvoteButton(page, name)).toHaveAttribute("aria-pressed", "true");
  await expect(upvoteButton(page, name)).toHaveAccessibleName(`Upvote ${name} (${before + 1} upvotes)`);
  expect((await applied).ok()).toBe(true);
  // Applied once: a new visit shows the same single upvote.
  await open(page, `/resources/${slug}`);
  await expect(upvoteButton(page, name)).toHaveAccessibleName(`Upvote ${name} (${before + 1} upvotes)`);
  await expect(upvoteButton(page, name)).toHaveAttribute("aria-pressed", "true");
});

test("save and remove on the product page and on a card", async ({ page }, testInfo) => {
  const { slug, name } = product(testInfo, "save");
  await signInThroughDevScreen(page, uniqueEmail(testInfo, "saver"));
  await expect(page).toHaveURL(/\/$/);
  await open(page, `/resources/${slug}`);
  const actions = page.getByRole("main");

  await actions.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Bookmarked", { exact: true })).toBeVisible();
  await expect(actions.getByRole("button", { name: "Saved", exact: true })).toBeVisible();
  await open(page, `/resources/${slug}`);
  await expect(actions.getByRole("button", { name: "Saved", exact: true })).toBeVisible();

  // A card elsewhere learns the state after the page has loaded, and can remove the save.
  await open(page, `/search?q=${encodeURIComponent(name)}`);
  const cardSave = page.getByRole("button", { name: `Save ${name}`, exact: true }).first();
  await expect(cardSave).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page);
  await cardSave.click();
  await expect(page.getByText("Bookmark removed", { exact: true })).toBeVisible();
  await expect(cardSave).toHaveAttribute("aria-pressed", "false");

  await open(page, `/resources/${slug}`);
  await expect(actions.getByRole("button", { name: "Save", exact: true })).toBeVisible();
  // And saved again from the card.
  await open(page, `/search?q=${encodeURIComponent(name)}`);
  await cardSave.click();
  await expect(page.getByText("Bookmarked", { exact: true })).toBeVisible();
  await expect(cardSave).toHaveAttribute("aria-pressed", "true");

  // The profile lists it under Saved (the default tab) and under My Activities.
  await open(page, "/profile");
  const panel = page.getByRole("main");
  await expect(panel.getByRole("heading", { name: "Saved", level: 2 })).toBeVisible();
  await expect(panel.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/resources/${slug}`);
  await expectAccessible(page);
  await open(page, "/profile?tab=activities");
  await expect(page.getByRole("list", { name: "My activities" }).getByText("Saved")).toBeVisible();
  await expect(page.getByRole("list", { name: "My activities" }).getByRole("link", { name, exact: true })).toBeVisible();

  // Remove from the Saved tab: gone at once, and still gone after a reload.
  await open(page, "/profile?tab=bookmarks");
  await panel.getByRole("button", { name: `Remove ${name} from saved` }).click();
  await expect(page.getByText("Bookmark removed", { exact: true })).toBeVisible();
  await expect(panel.getByRole("link", { name, exact: true })).toHaveCount(0);
  await open(page, "/profile");
  await expect(panel.getByText("You haven't saved any products yet.")).toBeVisible();
});

test("a failed upvote reverts with the spec's message", async ({ page, consoleErrors }, testInfo) => {
  const { slug, name } = product(testInfo, "upvote");
  await signInThroughDevScreen(page, uniqueEmail(testInfo, "failer"));
  await expect(page).toHaveURL(/\/$/);
  await open(page, `/resources/${slug}`);
  const before = await upvoteCount(page, name);
  await page.route("**/api/v1/products/*/upvote", (route) => route.fulfill({ status: 503, json: { error: { message: "down" } } }));
  await upvoteButton(page, name).click();
  await expect(page.getByText("Failed to update upvote. Please try again.")).toBeVisible();
  await expect(upvoteButton(page, name)).toHaveAttribute("aria-pressed", "false");
  await expect(upvoteButton(page, name)).toHaveAccessibleName(`Upvote ${name} (${before} upvotes)`);
  // The refused request is reported by Chromium as a console error; that one is expected.
  for (let i = consoleErrors.length - 1; i >= 0; i -= 1) if (/status of 503/.test(consoleErrors[i]!)) consoleErrors.splice(i, 1);
});

// Without JavaScript the buttons are plain HTML forms (decision 082): the browser posts them and the
// server sends the visitor back to the page, which shows the new state.
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a signed-in member upvotes, withdraws, saves and removes (product page, card, profile) through plain forms", async ({ page, baseURL }, testInfo) => {
    const { slug, name } = product(testInfo, "plain");
    // The development sign-in as its own form posts it (this page's cookies, no script needed).
    const signIn = await page.request.post("/auth/dev", { form: { email: uniqueEmail(testInfo, "plain"), redirectTo: "/" }, headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(signIn.status()).toBe(302);
    await page.goto(`/resources/${slug}`);
    const before = await upvoteCount(page, name);
    await expect(upvoteButton(page, name)).toHaveAttribute("aria-pressed", "false");

    await upvoteButton(page, name).click();
    await expect(page).toHaveURL(new RegExp(`/resources/${slug}$`));
    await expect(upvoteButton(page, name)).toHaveAccessibleName(`Upvote ${name} (${before + 1} upvotes)`);
    await expect(upvoteButton(page, name)).toHaveAttribute("aria-pressed", "true");
    await page.goto(`/resources/${slug}`);
    await expect(upvoteButton(page, name)).toHaveAccessibleName(`Upvote ${name} (${before + 1} upvotes)`);
    await upvoteButton(page, name).click();
    await expect(upvoteButton(page, name)).toHaveAccessibleName(`Upvote ${name} (${before} upvotes)`);
    await expect(upvoteButton(page, name)).toHaveAttribute("aria-pressed", "false");

    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Save", exact: true }).click();
    await expect(main.getByRole("button", { name: "Saved", exact: true })).toBeVisible();
    await page.goto(`/resources/${slug}`);
    await expect(main.getByRole("button", { name: "Saved", exact: true })).toBeVisible();
    await main.getByRole("button", { name: "Saved", exact: true }).click();
    await expect(main.getByRole("button", { name: "Save", exact: true })).toBeVisible();
    // Saved again, then removed from the profile's Saved tab, which it is listed on.
    await main.getByRole("button", { name: "Save", exact: true }).click();
    await page.goto("/profile");
    await expect(main.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/resources/${slug}`);
    await main.getByRole("button", { name: `Remove ${name} from saved` }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(main.getByText("You haven't saved any products yet.")).toBeVisible();

    // A card's upvote goes back to the list it was on; the product's page counts it.
    await page.goto(`/search?q=${name}`);
    await page.getByRole("button", { name: new RegExp(`^Upvote ${name} \\(\\d+ upvotes\\)$`) }).first().click();
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${name}$`));
    await page.goto(`/resources/${slug}`);
    await expect(upvoteButton(page, name)).toHaveAccessibleName(`Upvote ${name} (${before + 1} upvotes)`);
  });

  test("a signed-out visitor's upvote or save leads to sign in and back to the page", async ({ page }, testInfo) => {
    const { slug, name } = product(testInfo, "plain");
    for (const press of [() => upvoteButton(page, name).click(), () => page.getByRole("main").getByRole("button", { name: "Save", exact: true }).click()]) {
      await page.goto(`/resources/${slug}`);
      await press();
      await expect(page).toHaveURL(new RegExp(`/auth\\?redirectTo=%2Fresources%2F${slug}$`));
      await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
    }
  });
});
