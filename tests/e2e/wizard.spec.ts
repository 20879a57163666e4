import type { Page } from "@playwright/test";
import { expect, expectAccessible, open, signInThroughDevScreen, test, uniqueEmail } from "./fixtures";

// Seven steps, each with an accessibility scan.
test.describe.configure({ timeout: 150_000 });

/** A refused request answers 4xx on purpose; Chromium reports that status as a console error. */
function forgetStatusErrors(consoleErrors: string[], status: number) {
  for (let i = consoleErrors.length - 1; i >= 0; i -= 1) if (consoleErrors[i]!.includes(`status of ${status}`)) consoleErrors.splice(i, 1);
}

const progress = (page: Page) => page.getByRole("progressbar", { name: "Completion" });
const stepHeading = (page: Page, name: string) => page.getByRole("heading", { name, level: 2 });

/** Toasts fade in and out (half transparent meanwhile): scan the page once they have gone. */
async function scanWithoutToasts(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
}

async function hydrated(page: Page) {
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
}

/** Signs in and lists a draft through My Products' Proceed to Details: the wizard opens on it. */
async function startDraft(page: Page, email: string, name: string) {
  await signInThroughDevScreen(page, email, "/auth?redirectTo=%2Fmy-products%2Fnew");
  await expect(page.getByRole("heading", { name: "Basic Information" })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Product Name*").fill(name);
  await page.getByLabel("Website URL*").fill("wizard-e2e.example.com");
  await page.getByRole("button", { name: "Proceed to Details" }).click();
  await expect(page).toHaveURL(/\/submit-product-details\?product=\d+$/);
  await hydrated(page);
  return Number(new URL(page.url()).searchParams.get("product"));
}

test("list a product through every step to the Congratulations dialog, continuing after a refresh", async ({ page, context, consoleErrors }, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const name = `Wizard ${testInfo.project.name} ${Date.now().toString(36)}`;
  const id = await startDraft(page, uniqueEmail(testInfo, "wizard"), name);

  // The left panel: the product, 25 %, the steps with the later ones locked.
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "wizard-e2e.example.com" })).toHaveAttribute("href", "https://wizard-e2e.example.com/");
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "25");
  const steps = page.getByRole("navigation", { name: "Submission steps" });
  await expect(steps.getByRole("link", { name: "Product Info" })).toHaveAttribute("aria-current", "step");
  for (const locked of ["Maker Comments", "Makers", "Embed Badge", "Invite & Share", "Launch Platforms"]) {
    await expect(steps.getByRole("button", { name: `${locked} (locked)` })).toBeDisabled();
  }
  await expect(stepHeading(page, "Complete Your Product Details")).toBeVisible();
  await expect(page.getByLabel("Product Name*")).toHaveValue(name);
  await expectAccessible(page);

  // Product Info: the spec's messages in the browser, then a save.
  await page.getByRole("button", { name: "Next: Categories" }).click();
  await expect(page.getByText("Headline is required").first()).toBeVisible();
  await expect(page.getByText("Description is required").first()).toBeVisible();
  await expect(page.getByText("Please fix the following errors:")).toBeVisible();
  await page.getByLabel("Headline*").fill("Tiny");
  await page.getByLabel("Description*").fill("Too short.");
  await page.getByLabel("Offer a coupon to our visitors").check();
  await page.getByRole("button", { name: "Next: Categories" }).click();
  await expect(page.getByText("Headline must be at least 5 characters").first()).toBeVisible();
  await expect(page.getByText("Description must be at least 50 characters").first()).toBeVisible();
  await expect(page.getByText("Coupon text and code are required when offering a coupon").first()).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Offer a coupon to our visitors").uncheck();
  await page.getByLabel("Headline*").fill("Plans your week in five minutes");
  await page.getByLabel("Description*").fill("A planner that turns your to-do list into a realistic week, with time blocks and gentle reminders.");
  const tags = page.getByLabel("Features (tags)");
  await tags.fill("planning");
  await tags.press("Enter");
  await tags.fill("calendar");
  await tags.press(",");
  // A duplicate (in any case) is ignored.
  await tags.fill("Planning");
  await tags.press("Enter");
  await tags.fill("focus");
  await tags.blur();
  await expect(page.getByRole("button", { name: /^Remove tag/ })).toHaveCount(3);
  await page.getByRole("button", { name: "Next: Categories" }).click();

  // Categories, at 50 %: Maker Comments and Makers open, the rest still locked.
  await expect(page).toHaveURL(new RegExp(`product=${id}&step=categories$`));
  await expect(stepHeading(page, "Categories")).toBeVisible();
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "50");
  await expect(steps.getByRole("link", { name: "Maker Comments" })).toBeVisible();
  await expect(steps.getByRole("button", { name: "Embed Badge (locked)" })).toBeDisabled();

  // A refresh (or another tab) continues from the server's draft.
  await page.reload();
  await hydrated(page);
  await expect(stepHeading(page, "Categories")).toBeVisible();
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "50");
  await steps.getByRole("link", { name: "Product Info" }).click();
  await expect(page.getByLabel("Headline*")).toHaveValue("Plans your week in five minutes");
  await expect(page.getByRole("button", { name: "Remove tag calendar" })).toBeVisible();
  await page.getByRole("button", { name: "Next: Categories" }).click();
  await expect(stepHeading(page, "Categories")).toBeVisible();

  await page.getByRole("button", { name: "Submit Product" }).click();
  await expect(page.getByText("Please select at least one niche").first()).toBeVisible();
  await page.getByRole("group", { name: "Niches*" }).getByRole("checkbox").first().check();
  await expect(page.getByRole("group", { name: "Subcategories" })).toBeVisible();
  await expectAccessible(page);

  // A double click submits once.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/submit-product-details")) posts.push(request.url());
  });
  await page.getByRole("button", { name: "Submit Product" }).dblclick();
  const dialog = page.getByRole("dialog", { name: "Congratulations!" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Your product has been successfully submitted and is pending review. We'll notify you once it's approved.")).toBeVisible();
  expect(posts).toHaveLength(1);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Continue" }).click();

  // Maker Comments: empty is refused with the spec's message; a comment brings 100 %.
  await expect(page).toHaveURL(new RegExp(`step=maker-comments$`));
  await expect(stepHeading(page, "Maker Comments")).toBeVisible();
  await page.getByRole("button", { name: "Save Comment" }).click();
  await expect(page.getByText("Please enter a comment before saving.").first()).toBeVisible();
  await expect(page.getByText("Comment Empty")).toBeVisible();
  await page.getByRole("textbox", { name: "Maker Comment" }).fill("We built this to plan our own weeks. Tell us what you think!");
  await page.getByRole("button", { name: "Save Comment" }).click();
  await expect(page.getByText("Comment Saved")).toBeVisible();
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByRole("textbox", { name: "Maker Comment" })).toHaveValue("We built this to plan our own weeks. Tell us what you think!");
  await scanWithoutToasts(page);

  // Makers: the submitter is one and cannot be removed.
  await page.getByRole("link", { name: "Next: Makers" }).click();
  await expect(stepHeading(page, "Product Makers")).toBeVisible();
  await expect(page.getByText("Makers (1)")).toBeVisible();
  await expect(page.getByText("Submitter")).toBeVisible();
  await page.getByLabel("Search users").fill("zzzz-nobody");
  await expect(page.getByText("No users found.")).toBeVisible();
  await page.getByRole("button", { name: "Save Makers" }).click();
  await expect(page.getByText("Makers Saved")).toBeVisible();
  await scanWithoutToasts(page);

  // Embed Badge: preview, HTML and Markdown with Copy, light and dark.
  await page.getByRole("link", { name: "Next: Embed Badge" }).click();
  await expect(stepHeading(page, "Embed Badge")).toBeVisible();
  const html = page.getByLabel("HTML", { exact: true });
  await expect(html).toHaveValue(/<a href="http:\/\/localhost:\d+\/resources\/wizard-[^"]+" target="_blank" rel="noopener"><img src="[^"]+\/badge\/wizard-[^"]+\.svg" alt="[^"]+ - Featured on [^"]+" width="250" height="54" \/><\/a>/);
  await page.getByRole("button", { name: "Copy HTML" }).click();
  await expect(page.getByText("Copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await html.inputValue());
  await page.getByLabel("Dark", { exact: true }).check();
  await expect(page.getByLabel("Markdown", { exact: true })).toHaveValue(/^\[!\[.+ - Featured on .+\]\(http:\/\/localhost:\d+\/badge\/wizard-.+\.svg\?theme=dark\)\]\(http:\/\/localhost:\d+\/resources\/wizard-.+\)$/);
  await expect(page.getByRole("img", { name: /dark badge preview/ })).toBeVisible();
  await scanWithoutToasts(page);

  // Invite & Share: the listing's address and share links.
  await page.getByRole("link", { name: "Next: Invite & Share" }).click();
  await expect(stepHeading(page, "Invite & Share")).toBeVisible();
  const listing = await page.getByLabel("Listing URL", { exact: true }).inputValue();
  expect(listing).toMatch(/\/resources\/wizard-/);
  await expect(page.getByRole("link", { name: /^Twitter \/ X/ })).toHaveAttribute("href", `https://twitter.com/intent/tweet?url=${encodeURIComponent(listing)}&text=${encodeURIComponent(`Check out ${name} on Toolnest!`)}`);
  await expect(page.getByRole("link", { name: /^LinkedIn/ })).toHaveAttribute("href", /linkedin\.com\/sharing/);
  await expect(page.getByRole("link", { name: /^Reddit/ })).toHaveAttribute("href", /reddit\.com\/submit/);
  await page.getByRole("button", { name: "Discord" }).click();
  await expect(page.getByText("Paste it into a Discord channel.")).toBeVisible();
  await scanWithoutToasts(page);

  // Launch Platforms: five, each with Visit Site.
  await page.getByRole("link", { name: "Next: Launch Platforms" }).click();
  await expect(stepHeading(page, "Other Launch Platforms")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Visit Site/ })).toHaveCount(5);
  await expect(page.getByRole("link", { name: /^Visit Site Product Hunt/ })).toHaveAttribute("href", "https://www.producthunt.com/?ref=toolnest");
  await expectAccessible(page);

  // Dark theme too.
  await page.addInitScript(() => localStorage.setItem("ui-theme", "dark"));
  await open(page, `/submit-product-details?product=${id}&step=embed-badge`);
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(progress(page)).toHaveAttribute("aria-valuenow", "100");
  await expectAccessible(page);

  // My Products shows it pending.
  await open(page, "/my-products");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card.getByText("Pending", { exact: true })).toBeVisible();
  forgetStatusErrors(consoleErrors, 400);
});

test("without a draft: Missing Information; another user's draft: not found; signed out: sign in first", async ({ page, consoleErrors }, testInfo) => {
  await open(page, "/submit-product-details?product=1");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsubmit-product-details%3Fproduct%3D1$/);

  const id = await startDraft(page, uniqueEmail(testInfo, "owner"), `Owned ${testInfo.project.name} ${Date.now().toString(36)}`);
  await open(page, "/submit-product-details");
  await expect(page).toHaveURL(/\/my-products$/);
  await expect(page.getByText("Missing Information: Please start from the beginning to submit your product.")).toBeVisible();
  await expectAccessible(page);

  await page.context().clearCookies();
  await signInThroughDevScreen(page, uniqueEmail(testInfo, "intruder"), `/auth?redirectTo=${encodeURIComponent(`/submit-product-details?product=${id}`)}`);
  await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
  await expectAccessible(page);
  forgetStatusErrors(consoleErrors, 404);
});
