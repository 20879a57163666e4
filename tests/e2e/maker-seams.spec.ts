import type { Browser, Page, TestInfo } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "./admin-account";
import { expect, expectAccessible, open, signInThroughDevScreen, test, uniqueEmail } from "./fixtures";

// Issue 36, "Makers": the seams between the makers' screens, walked as a maker would. Each
// project claims its own demo products, which no other spec uses, so desktop and mobile never meet.
test.describe.configure({ timeout: 150_000 });

const CLAIMED = { desktop: "nuclear", mobile: "vox-player" } as const;
/** Demo products whose headline says something the tagline does not. */
const HEADLINED = {
  desktop: { slug: "screenflow", headline: "Screencasting and video editing software." },
  mobile: { slug: "shotcut", headline: "A free, open source, cross-platform video editor" },
} as const;

const project = (testInfo: TestInfo) => testInfo.project.name as keyof typeof CLAIMED;
const randomAddress = () => `10.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

/** The toast (sonner), as opposed to a message with the same words on the page. */
function toast(page: Page, text: string | RegExp) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** An administrator's own browser context, signed in through the Admin Portal. */
async function adminPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    viewport: testInfo.project.use.viewport ?? undefined,
    extraHTTPHeaders: { "X-Forwarded-For": randomAddress() },
  });
  const page = await context.newPage();
  await open(page, "/login");
  await page.getByLabel("Email").fill(E2E_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  const question = await page.locator("label[for=admin-answer]").textContent();
  const [, a, b] = /What is (\d) \+ (\d)\?/.exec(question ?? "")!;
  await page.getByLabel(/^What is \d \+ \d\?$/).fill(String(Number(a) + Number(b)));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Verified" })).toBeVisible();
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return page;
}

async function publicProduct(page: Page, slug: string) {
  return (await (await page.request.get(`/api/v1/products/${slug}`)).json()) as { product_name: string; tagline: string | null };
}

test("a claim approved by an admin makes the product the claimer's: My Products with stats, Edit and Advertise, the profile tab, no Claim link", async ({ page, browser }, testInfo) => {
  const slug = CLAIMED[project(testInfo)];
  const { product_name: name } = await publicProduct(page, slug);
  const username = `coowner${testInfo.project.name}${Date.now().toString(36)}`;
  const email = `${username}@example.com`;

  await signInThroughDevScreen(page, email, `/auth?redirectTo=${encodeURIComponent(`/claim-product?product=${slug}`)}`);
  await expect(page).toHaveURL(`/claim-product?product=${slug}`);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await page.getByRole("checkbox", { name: /I am a maker of/ }).check();
  await page.getByRole("checkbox", { name: /is accurate/ }).check();
  await page.getByRole("button", { name: "Claim as Maker" }).click();
  await expect(page.getByRole("status")).toContainText("Your claim is waiting for review");

  const admin = await adminPage(browser, testInfo);
  await open(admin, "/admin/moderation?tab=claims");
  await admin.getByRole("article").filter({ hasText: email }).getByRole("button", { name: `Approve claim for ${name}` }).click();
  await expect(admin.getByText("Claim approved: the user is now a verified maker.")).toBeVisible();
  await admin.context().close();

  // The product page: listed as Creator, and not offered to claim it again.
  await open(page, `/resources/${slug}`);
  const creator = page.getByRole("region", { name: "Creator" });
  await expect(creator.getByText(username, { exact: true })).toBeVisible();
  await expect(creator.getByRole("link", { name: "Claim this product" })).toHaveCount(0);
  // The maker's own statistics, and what they leave out.
  await expect(page.getByRole("heading", { name: "Your product's statistics" })).toBeVisible();
  await expect(page.getByText("Views from bots and your own visits are not counted.")).toBeVisible();

  // My Products lists it with its numbers, Edit and Advertise (deleting stays the submitter's).
  await open(page, "/my-products");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, level: 2 }) });
  await expect(card.getByText("Live", { exact: true })).toBeVisible();
  await expect(card.getByRole("heading", { name: /^Last 30 days/, level: 3 })).toBeVisible();
  await expect(card.getByText("Views from bots and your own visits are not counted.")).toBeVisible();
  await expect(card.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await expectAccessible(page);

  // The profile's My Products tab agrees.
  await open(page, "/profile?tab=products");
  await expect(page.getByRole("listitem").filter({ hasText: name })).toBeVisible();

  // Advertise offers it.
  await open(page, "/my-products");
  await card.getByRole("link", { name: /^Advertise/ }).click();
  await expect(page.getByRole("heading", { name: "Advertise your product", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Product to promote").getByRole("option", { name })).toHaveCount(1);

  // Edit: every field of the listing, the text included; no change files nothing.
  await open(page, "/my-products");
  await card.getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByRole("heading", { name: "Edit Product" })).toBeVisible();
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await expect(page.getByLabel("Headline")).not.toHaveValue("");
  await expect(page.getByLabel("Tagline")).toBeVisible();
  await expect(page.getByLabel("Description")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Update Product" }).click();
  await expect(page).toHaveURL(/\/my-products$/);
  await expect(toast(page, "No changes to save")).toBeVisible();
  await expect(page.getByText(/will be reviewed/)).toHaveCount(0);
  await expect(card.getByText("Changes pending review")).toHaveCount(0);

  // A new tagline waits for review; Proceed to Details opens the details, not the badge step.
  await card.getByRole("link", { name: /^Edit/ }).click();
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  const tagline = `Tagline by a co-maker ${Date.now().toString(36)}`;
  await page.getByLabel("Tagline").fill(tagline);
  await page.getByRole("button", { name: "Proceed to Details" }).click();
  await expect(page).toHaveURL(/\/submit-product-details\?product=\d+&step=product-info$/);
  await expect(page.getByRole("heading", { name: "Complete Your Product Details" })).toBeVisible();
  await expect(toast(page, /will be reviewed by our team/)).toBeVisible();
  await expect(page.getByLabel("Tagline")).toHaveValue(tagline);
  await open(page, "/my-products");
  await expect(card.getByText("Changes pending review")).toBeVisible();
  // The public page keeps the approved version meanwhile.
  expect((await publicProduct(page, slug)).tagline).not.toBe(tagline);
});

test("the product page shows the maker's headline", async ({ page }, testInfo) => {
  const { slug, headline } = HEADLINED[project(testInfo)];
  await open(page, `/resources/${slug}`);
  await expect(page.getByRole("main").getByText(headline, { exact: true })).toBeVisible();
});

test("a suggestion is listed alike on /my-products and on the profile's My Products tab", async ({ page }, testInfo) => {
  await signInThroughDevScreen(page, uniqueEmail(testInfo, "suggester"), "/auth?redirectTo=%2Fsubmit");
  await expect(page).toHaveURL(/\/submit$/);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  const text = `Seam check for ${testInfo.project.name}: an open-source whiteboard ${Date.now().toString(36)}`;
  await page.getByLabel("Your suggestion").fill(text);
  await page.getByRole("button", { name: "Submit Suggestion" }).click();
  await expect(page).toHaveURL(/\/my-products\?tab=products$/);
  await expect(page.getByText(text.slice(0, 60))).toBeVisible();

  await open(page, "/profile?tab=products");
  await expect(page.getByText("No Products Found")).toHaveCount(0);
  const row = page.getByRole("listitem").filter({ hasText: "Suggestion" });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Manage in My Products" })).toHaveAttribute("href", "/my-products");
  await expectAccessible(page);
});

test("signed out, the header's List My Product asks to sign in with the spec's toast", async ({ page }, testInfo) => {
  await open(page, "/");
  if (testInfo.project.name === "mobile") {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "List My Product" }).click();
  } else {
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Submit" }).click();
    await page.getByRole("menuitem", { name: "List My Product" }).click();
  }
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fmy-products$/);
  await expect(toast(page, "Authentication Required: Please log in to save your product")).toBeVisible();
});
