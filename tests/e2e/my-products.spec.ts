import type { Page } from "@playwright/test";
import { FIXTURE_MAKER_EMAIL, FIXTURE_SUBMITTED_SLUG } from "./fixture-data";
import { expect, expectAccessible, open, signInThroughDevScreen, test, uniqueEmail } from "./fixtures";

// Several accessibility scans and round trips per test.
test.describe.configure({ timeout: 90_000 });

/** A refused request answers 4xx on purpose; Chromium reports that status as a console error. */
function forgetStatusErrors(consoleErrors: string[], status: number) {
  for (let i = consoleErrors.length - 1; i >= 0; i -= 1) if (consoleErrors[i]!.includes(`status of ${status}`)) consoleErrors.splice(i, 1);
}

async function signInToMyProducts(page: Page, email: string) {
  await signInThroughDevScreen(page, email, "/auth?redirectTo=%2Fmy-products");
  await expect(page).toHaveURL(/\/my-products$/);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await expect(page.getByRole("heading", { name: "My Products", level: 1 })).toBeVisible();
}

test("signed out: My Products sends the visitor to sign in with the spec's toast, and back afterwards", async ({ page }, testInfo) => {
  await open(page, "/my-products");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fmy-products$/);
  await expect(page.getByText("Authentication Required: Please log in to save your product")).toBeVisible();
  await signInToMyProducts(page, uniqueEmail(testInfo, "newmaker"));
  await expect(page.getByText("No Products Found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Profile" })).toHaveAttribute("href", "/profile");
  await expectAccessible(page);
});

test("list, validate, fetch logo, save a draft, edit it and delete it", async ({ page, consoleErrors }, testInfo) => {
  await signInToMyProducts(page, uniqueEmail(testInfo, "drafter"));
  await page.getByRole("link", { name: "List Your Product" }).click();
  await expect(page.getByRole("heading", { name: "Basic Information" })).toBeVisible();
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });

  // The browser checks the form before sending it, with the spec's messages.
  await page.getByRole("button", { name: "Save as Draft" }).click();
  await expect(page.getByText("Product name is required")).toBeVisible();
  await expect(page.getByText("Website URL is required")).toBeVisible();
  await page.getByLabel("Product Name*").fill("ab");
  await page.getByLabel("Website URL*").fill("not a url");
  await page.getByRole("button", { name: "Save as Draft" }).click();
  await expect(page.getByText("Product name must be at least 3 characters")).toBeVisible();
  await expect(page.getByText("Please enter a valid URL")).toBeVisible();

  // Fetch Logo: nothing to fetch, then a site the server's fetcher refuses (no test reaches the internet).
  await page.getByLabel("Website URL*").fill("");
  await page.getByRole("button", { name: "Fetch Logo" }).click();
  await expect(page.getByText("Please enter a website URL first")).toBeVisible();
  await page.getByLabel("Website URL*").fill("http://127.0.0.1:9/");
  await page.getByRole("button", { name: "Fetch Logo" }).click();
  await expect(page.getByText("Failed to fetch logo. Please enter a URL manually.")).toBeVisible();
  forgetStatusErrors(consoleErrors, 422);
  await expectAccessible(page);

  const name = `Draft ${testInfo.project.name} ${Date.now().toString(36)}`;
  await page.getByLabel("Product Name*").fill(name);
  await page.getByLabel("Website URL*").fill("draft-e2e.example.com");
  await page.getByLabel("Pricing*").selectOption("freemium");
  await page.getByRole("button", { name: "Save as Draft" }).click();
  await expect(page).toHaveURL(/\/my-products\?tab=drafts$/);
  await expect(page.getByText("Draft Saved")).toBeVisible();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card.getByText("Draft", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: "draft-e2e.example.com" })).toHaveAttribute("href", "https://draft-e2e.example.com/");
  await expect(card.getByText(/^Added on /)).toBeVisible();
  await expect(card.getByRole("link", { name: /^Continue/ })).toHaveAttribute("href", /\/submit-product-details\?product=\d+$/);
  await expect(card.getByRole("link", { name: /^View/ })).toHaveCount(0);
  await expectAccessible(page);

  // Edit: the form starts from the saved values; a draft's edit applies at once.
  await card.getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByRole("heading", { name: "Edit Product" })).toBeVisible();
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await expect(page.getByLabel("Website URL*")).toHaveValue("https://draft-e2e.example.com/");
  await expect(page.getByLabel("Pricing*")).toHaveValue("freemium");
  const renamed = `${name} renamed`;
  await page.getByLabel("Product Name*").fill(renamed);
  await page.getByRole("button", { name: "Update Product" }).click();
  await expect(page).toHaveURL(/\/my-products$/);
  await expect(page.getByText("Product Updated", { exact: true })).toBeVisible();
  const renamedCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: renamed }) });
  await expect(renamedCard).toBeVisible();

  // Delete, through the confirmation.
  await renamedCard.getByRole("button", { name: /^Delete/ }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm Deletion" });
  await expect(dialog.getByText("This action cannot be undone.", { exact: false })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Product Deleted")).toBeVisible();
  await expect(page.getByText("No Products Found")).toBeVisible();
});

test("a live product's edit waits for review: the card says so and the public page keeps the approved version", async ({ page }, testInfo) => {
  const publicPage = await page.request.get(`/api/v1/products/${FIXTURE_SUBMITTED_SLUG}`);
  const approved = ((await publicPage.json()) as { product_name: string }).product_name;
  await signInToMyProducts(page, FIXTURE_MAKER_EMAIL);
  await page.goto("/my-products?tab=published");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: approved }) });
  await expect(card.getByText("Live", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: /^View/ })).toHaveAttribute("href", `/resources/${FIXTURE_SUBMITTED_SLUG}`);

  await card.getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByRole("heading", { name: "Edit Product" })).toBeVisible();
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await page.getByLabel("Product Name*").fill(`${approved} ${testInfo.project.name} edit`);
  await page.getByRole("button", { name: "Update Product" }).click();
  await expect(page).toHaveURL(/\/my-products$/);
  await expect(page.getByText(/will be reviewed by our team/)).toBeVisible();
  await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: approved }) }).getByText("Changes pending review")).toBeVisible();
  // The badges and the pending note stay readable in the dark theme too.
  await page.addInitScript(() => localStorage.setItem("ui-theme", "dark"));
  await open(page, "/my-products");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectAccessible(page);

  await open(page, `/resources/${FIXTURE_SUBMITTED_SLUG}`);
  await expect(page.getByRole("heading", { name: approved, level: 1 })).toBeVisible();
  await expect(page.getByText(`${approved} ${testInfo.project.name} edit`)).toHaveCount(0);
  const api = (await (await page.request.get(`/api/v1/products/${FIXTURE_SUBMITTED_SLUG}`)).json()) as { product_name: string };
  expect(api.product_name).toBe(approved);
});

test("each product's last 30 days: small charts and a table, accessible in light and dark", async ({ page }) => {
  const publicPage = await page.request.get(`/api/v1/products/${FIXTURE_SUBMITTED_SLUG}`);
  const approved = ((await publicPage.json()) as { product_name: string }).product_name;
  await signInToMyProducts(page, FIXTURE_MAKER_EMAIL);
  const checkCard = async () => {
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: approved, level: 2 }) });
    await expect(card.getByRole("heading", { name: /^Last 30 days/, level: 3 })).toBeVisible();
    for (const metric of ["Views", "Click-outs", "Upvotes", "Saves"]) {
      await expect(card.getByRole("img", { name: new RegExp(`^${metric}: \\d+ from \\w+ \\d+ to \\w+ \\d+, at most \\d+ on one day$`) })).toBeVisible();
    }
    const table = card.getByRole("table", { name: /per day, newest first$/ });
    await expect(table).toBeHidden();
    await card.getByText("Show as table").click();
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader")).toHaveText(["Day", "Views", "Click-outs", "Upvotes", "Saves"]);
    await expect(table.getByRole("row")).toHaveCount(31);
    await expectAccessible(page);
  };
  await checkCard();
  await page.addInitScript(() => localStorage.setItem("ui-theme", "dark"));
  await open(page, "/my-products");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await checkCard();
});
