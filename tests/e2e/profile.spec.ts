import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, open, signInThroughDevScreen, test, uniqueEmail } from "./fixtures";

// Several accessibility scans and an image upload per test: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function signInToEditTab(page: Page, email: string) {
  await signInThroughDevScreen(page, email, "/auth?redirectTo=%2Fprofile%3Ftab%3Dedit");
  await expect(page).toHaveURL(/\/profile\?tab=edit$/);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await expect(page.getByRole("heading", { name: "Edit Profile" })).toBeVisible();
}

/** A refused save answers 4xx on purpose; Chromium reports that status as a console error. */
function forgetStatusErrors(consoleErrors: string[], status: number) {
  for (let i = consoleErrors.length - 1; i >= 0; i -= 1) if (consoleErrors[i]!.includes(`status of ${status}`)) consoleErrors.splice(i, 1);
}

test("Edit Profile: a non-image is refused, a real picture and new details are saved and shown", async ({ page, consoleErrors }, testInfo) => {
  await signInToEditTab(page, uniqueEmail(testInfo, "avatar"));
  const card = page.getByRole("region", { name: "Profile", exact: true });
  await expect(card.getByText("No career specified")).toBeVisible();
  await expect(page.getByLabel("Career")).toHaveAttribute("placeholder", "What do you do?");
  await expectAccessible(page);

  // A text file wearing a .png name: the server looks at the content.
  await page.getByLabel("Profile picture").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("these are notes, not a picture") });
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Please upload an image file (JPEG, PNG, WebP or GIF).")).toBeVisible();
  forgetStatusErrors(consoleErrors, 400);
  await expect(card.locator("img")).toHaveCount(0);

  // A real PNG, a new username and career, and My Niche.
  const png = await sharp({ create: { width: 480, height: 320, channels: 3, background: "#2a9d8f" } }).png().toBuffer();
  await page.getByLabel("Profile picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  const username = `pic${Date.now().toString(36)}${testInfo.project.name.slice(0, 3)}`;
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Career").fill("Illustrator");
  const niche = page.getByLabel("My Niche");
  const nicheName = (await niche.locator("option").nth(1).textContent())!.trim();
  await niche.selectOption({ label: nicheName });
  await page.getByRole("button", { name: "Save Changes" }).click();

  await expect(page.getByText("Profile Updated: Your profile has been successfully updated.")).toBeVisible();
  await expect(card.getByRole("heading", { name: username })).toBeVisible();
  await expect(card.getByText("Illustrator")).toBeVisible();
  const avatar = card.locator("img");
  await expect(avatar).toHaveAttribute("src", /^\/uploads\/avatars\/[^/]+\/[0-9a-f]{24}\.webp$/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
  const image = await page.request.get((await avatar.getAttribute("src"))!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");
  expect(image.headers()["x-content-type-options"]).toBe("nosniff");
  // The form starts again from the saved values.
  await expect(page.getByLabel("Username")).toHaveValue(username);
  await expect(niche.locator("option:checked")).toHaveText(nicheName);
  await expectAccessible(page);

  // Home now means My Niche.
  await page.goto("/");
  await expect(page).toHaveURL(/\/niche\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(nicheName);
});

test("Other Favorite Niches stop at 5 with the message", async ({ page }, testInfo) => {
  await signInToEditTab(page, uniqueEmail(testInfo, "fans"));
  const group = page.getByRole("group", { name: "Other Favorite Niches" });
  const boxes = group.getByRole("checkbox");
  expect(await boxes.count()).toBeGreaterThan(5);
  const message = group.getByText("You can only select up to 5 favorite categories");
  for (let i = 0; i < 5; i += 1) await boxes.nth(i).check();
  await expect(message).toBeVisible();
  await expect(boxes.nth(5)).toBeDisabled();
  await expect(boxes.nth(4)).toBeEnabled();
  await expectAccessible(page);

  await boxes.nth(0).uncheck();
  await expect(message).toHaveCount(0);
  await expect(boxes.nth(5)).toBeEnabled();
  await boxes.nth(5).check();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile Updated: Your profile has been successfully updated.")).toBeVisible();
  for (const i of [1, 2, 3, 4, 5]) await expect(boxes.nth(i)).toBeChecked();
  await expect(boxes.nth(0)).not.toBeChecked();
  await expect(boxes.nth(0)).toBeDisabled();

  // The form stops a picture over 5 MB before sending; a client that sends one anyway gets a 413.
  const big = { name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 10) };
  await page.getByLabel("Profile picture").setInputFiles(big);
  await expect(page.getByText("Image must be 5 MB or smaller.")).toBeVisible();
  await expect(page.getByLabel("Profile picture")).toHaveValue("");
  const response = await page.request.post("/profile?tab=edit", {
    headers: { Origin: new URL(page.url()).origin },
    multipart: { username: "whoever", avatar: big },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(413);
  expect(await response.text()).toContain("Image must be 5 MB or smaller.");
});

test("the tab links switch the panel, and each tab is accessible", async ({ page }, testInfo) => {
  await signInThroughDevScreen(page, uniqueEmail(testInfo, "tabs"), "/auth?redirectTo=%2Fprofile");
  await expect(page).toHaveURL(/\/profile$/);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  const tabs = page.getByRole("navigation", { name: "Profile sections" });
  await expect(tabs.getByRole("link", { name: "Saved" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Saved", level: 2 })).toBeVisible();
  await expectAccessible(page);

  const expected = [
    ["My Activities", "activities", "My Activities"],
    ["My Products", "products", "Your Listed Products"],
    ["Edit Profile", "edit", "Edit Profile"],
    ["Saved", "bookmarks", "Saved"],
  ] as const;
  for (const [label, tab, heading] of expected) {
    await tabs.getByRole("link", { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`\\?tab=${tab}$`));
    await expect(tabs.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
    await expect(tabs.locator("[aria-current]")).toHaveCount(1);
    await expect(page.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
    if (tab === "products") await expect(page.getByText("No Products Found")).toBeVisible();
    await expectAccessible(page);
  }

  await open(page, "/profile?tab=whatever");
  await expect(tabs.getByRole("link", { name: "Saved" })).toHaveAttribute("aria-current", "page");
});
