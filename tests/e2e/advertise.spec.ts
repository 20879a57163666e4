import type { Page } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "./admin-account";
import { portalSignIn } from "./admin-portal";
import { promotionMakerEmail, promotionProductName } from "./fixture-data";
import { expect, expectAccessible, open, signInThroughDevScreen, test } from "./fixtures";

// Sign-in, checkout round trips and accessibility scans per test.
test.describe.configure({ timeout: 90_000 });

async function signInToAdvertise(page: Page, project: string) {
  await signInThroughDevScreen(page, promotionMakerEmail(project), "/auth?redirectTo=%2Fadvertise");
  await expect(page).toHaveURL(/\/advertise$/);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await expect(page.getByRole("heading", { name: "Advertise your product", level: 1 })).toBeVisible();
}

async function proceedToCheckout(page: Page, product: string, months: number) {
  await page.getByLabel("Product to promote").selectOption({ label: product });
  for (let m = 1; m < months; m++) await page.getByRole("button", { name: "One month more" }).click();
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/advertise\/checkout\/\d+$/);
  await expect(page.getByRole("heading", { name: "Test-mode checkout" })).toBeVisible();
  return Number(new URL(page.url()).pathname.split("/").pop());
}

/** The Spotlight shows a random few of its pool on each visit: reload until the product shows (or not). */
async function spotlightNames(page: Page): Promise<string[]> {
  const region = page.getByRole("region", { name: "Spotlight" });
  await expect(region).toBeVisible();
  return region.getByRole("listitem").evaluateAll((items) =>
    items.filter((li) => (li as HTMLElement).offsetParent !== null).map((li) => li.textContent ?? ""),
  );
}

test("the page explains the offer: banner, steps, coming soon, month stepper and price box; axe clean", async ({ page }) => {
  await open(page, "/advertise");
  await expect(page.getByRole("heading", { name: "Advertise your product", level: 1 })).toBeVisible();
  await expect(page.getByText("Limited offer: 60% off")).toBeVisible();
  await expect(page.getByRole("heading", { name: "How It Works" })).toBeVisible();
  await expect(page.locator("ol").filter({ hasText: "Proceed to Checkout" }).getByRole("listitem")).toHaveCount(5);
  await expect(page.getByText("Coming soon")).toHaveCount(3);

  const months = page.getByTestId("months");
  await expect(months).toHaveText("1 month");
  await expect(page.getByRole("button", { name: "One month less" })).toBeDisabled();
  await expect(page.getByTestId("total")).toHaveText("$40");
  await page.getByRole("button", { name: "One month more" }).click();
  await page.getByRole("button", { name: "One month more" }).click();
  await expect(months).toHaveText("3 months");
  await expect(page.getByTestId("total")).toHaveText("$120");
  await expect(page.getByTestId("savings")).toHaveText("$180 (60%)");
  await page.getByRole("button", { name: "One month less" }).click();
  await expect(page.getByTestId("total")).toHaveText("$80");

  // Signed out: an offer to sign in, no checkout.
  await expect(page.locator("#main").getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth?redirectTo=%2Fadvertise");
  await expect(page.getByRole("button", { name: "Proceed to Checkout" })).toBeDisabled();
  await expectAccessible(page);

  await page.getByRole("button", { name: "See a sample redemption code" }).click();
  const dialog = page.getByRole("dialog", { name: "Sample redemption code" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Codes are valid for 6 months.")).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Got it" }).click();
  await expect(dialog).toBeHidden();
});

test("buy 3 months in test mode: Payment Successful, the product in the Spotlight, My Products and the admin's orders", async ({ page, baseURL }, testInfo) => {
  const project = testInfo.project.name;
  const name = promotionProductName(project, "paid");
  await signInToAdvertise(page, project);
  await expectAccessible(page);
  const orderId = await proceedToCheckout(page, name, 3);
  await expect(page.getByText("Test mode.")).toBeVisible();
  await expect(page.getByText("$120").first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Pay $120 (test)" }).click();

  await expect(page).toHaveURL(new RegExp(`/advertise\\?payment=success&order=${orderId}$`));
  const success = page.getByRole("dialog", { name: "Payment Successful" });
  await expect(success).toBeVisible();
  await expect(success).toContainText(`${name} is promoted for 3 months`);
  await expectAccessible(page);
  await success.getByRole("button", { name: "Done" }).click();

  await expect
    .poll(async () => {
      await open(page, "/");
      return (await spotlightNames(page)).some((text) => text.includes(name));
    }, { timeout: 30_000, intervals: [200] })
    .toBe(true);

  await open(page, "/my-products");
  await expect(page.getByRole("listitem").filter({ hasText: name }).getByText(/Promotion: Active/)).toBeVisible();

  // The administrator sees the order with its payment state.
  const admin = await page.context().browser()!.newPage({ viewport: page.viewportSize() });
  const octet = () => Math.floor(Math.random() * 250) + 1;
  const signedIn = await portalSignIn(admin.request, baseURL!, `10.${octet()}.${octet()}.${octet()}`, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  expect(signedIn.status()).toBe(302);
  await admin.goto(`${baseURL}/admin/orders`);
  await admin.waitForSelector("html[data-hydrated]", { state: "attached" });
  await expect(admin.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  const row = admin.getByRole("row").filter({ has: admin.getByRole("cell", { name: `#${orderId}`, exact: true }) });
  await expect(row).toContainText(name);
  await expect(row).toContainText("paid");
  await expect(row).toContainText("$120");
  await admin.close();
});

test("the cancel address keeps the order pending; Cancel this order cancels it; a forged success changes nothing", async ({ page }, testInfo) => {
  const project = testInfo.project.name;
  const name = promotionProductName(project, "unpaid");
  await signInToAdvertise(page, project);

  // No product chosen: the server's own message (the browser checks the same schema first).
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page.getByText("Please choose one of your live products to promote.")).toBeVisible();

  const cancelled = await proceedToCheckout(page, name, 1);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/advertise\\?payment=cancelled&order=${cancelled}$`));
  // The cancel address alone changes nothing: the order is still pending (its checkout still offers Pay).
  const open_ = page.getByRole("region", { name: "Your payment was not completed" });
  await expect(open_).toContainText(`Order #${cancelled}`);
  await expect(open_).toContainText("still pending");
  await expect(page.getByRole("alert").filter({ hasText: "Payment Cancelled" })).toHaveCount(0);
  await open(page, `/advertise/checkout/${cancelled}`);
  await expect(page.getByRole("button", { name: "Pay $40 (test)" })).toBeVisible();
  await open(page, `/advertise?payment=cancelled&order=${cancelled}`);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Cancel this order" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Payment Cancelled: Your payment process was cancelled." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel this order" })).toHaveCount(0);
  await open(page, `/advertise/checkout/${cancelled}`);
  await expect(page.getByRole("status")).toContainText("This order is cancelled.");

  // An unpaid order and a made-up one: the success address shows no success and advertises nothing.
  await open(page, "/advertise");
  const pending = await proceedToCheckout(page, name, 2);
  for (const order of [pending, 999_999]) {
    await open(page, `/advertise?payment=success&order=${order}`);
    await expect(page.getByRole("heading", { name: "Advertise your product", level: 1 })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Payment Successful" })).toHaveCount(0);
  }
  await expect(page.getByRole("status").filter({ hasText: "waiting for the payment provider" })).toHaveCount(0);
  await open(page, `/advertise?payment=success&order=${pending}`);
  await expect(page.getByRole("status").filter({ hasText: "waiting for the payment provider" })).toBeVisible();
  for (let visit = 0; visit < 5; visit++) {
    await open(page, "/");
    expect((await spotlightNames(page)).some((text) => text.includes(name))).toBe(false);
  }
});

test("an ad past its end date is gone from the Spotlight", async ({ page }, testInfo) => {
  const name = promotionProductName(testInfo.project.name, "expired");
  for (let visit = 0; visit < 5; visit++) {
    await open(page, "/");
    expect((await spotlightNames(page)).some((text) => text.includes(name))).toBe(false);
  }
  const region = page.getByRole("region", { name: "Spotlight" });
  await expect(region.getByText(name)).toHaveCount(0);
});
