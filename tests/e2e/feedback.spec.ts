import type { Page, TestInfo } from "@playwright/test";
import { expect, expectAccessible, open, signInThroughDevScreen, test, uniqueEmail } from "./fixtures";
import { FIXTURE_MAKER_EMAIL, FIXTURE_SUBMITTED_SLUG } from "./fixture-data";

// Reviews, replies and the submitter's stats row on product pages. Each project reviews its own
// product, so parallel runs never see each other's reviews.

const REVIEWED = { desktop: "trello", mobile: "figma" } as const;

function reviewedSlug(testInfo: TestInfo) {
  return REVIEWED[testInfo.project.name === "mobile" ? "mobile" : "desktop"];
}

async function signIn(page: Page, email: string) {
  await signInThroughDevScreen(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
}

async function reviewCount(page: Page): Promise<number> {
  const count = page.getByTestId("review-count");
  if (!(await count.count())) return 0;
  return Number(/(\d+)/.exec((await count.textContent()) ?? "")?.[1] ?? 0);
}

test("an anonymous visitor is asked to sign in before reviewing", async ({ page }, testInfo) => {
  await open(page, `/resources/${reviewedSlug(testInfo)}`);
  const reviews = page.getByRole("region", { name: "Reviews" });
  await reviews.getByRole("button", { name: "Write a review" }).click();
  const dialog = page.getByRole("dialog", { name: "Authentication Required" });
  await expect(dialog.getByText("Please sign in to leave feedback.")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});

test("a signed-in user sees each validation message, posts a review and a reply, and the summary updates", async ({ page }, testInfo) => {
  test.slow(); // Three sign-in-bound page loads, five submissions and an accessibility scan.
  const slug = reviewedSlug(testInfo);
  await signIn(page, uniqueEmail(testInfo, "reviewer"));
  await open(page, `/resources/${slug}`);
  const reviews = page.getByRole("region", { name: "Reviews" });
  const before = await reviewCount(page);
  const form = reviews.getByRole("form", { name: "Write a review" });

  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(form.getByText("Please provide a rating before submitting")).toBeVisible();
  await expect(form.getByText("Please enter your feedback before submitting")).toBeVisible();

  const comment = `Handy for boards <b>not bold</b> ${testInfo.project.name} ${Date.now()}\nSecond line`;
  await form.getByLabel("Your review").fill(comment);
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(form.getByText("Please provide a rating before submitting")).toBeVisible();
  await expect(form.getByText("Please enter your feedback before submitting")).toBeHidden();

  await form.getByLabel("Your review").fill("   ");
  await form.getByRole("radio", { name: "4 stars" }).check();
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(form.getByText("Please enter your feedback before submitting")).toBeVisible();
  await expect(form.getByText("Please provide a rating before submitting")).toBeHidden();

  await form.getByLabel("Your review").fill(comment);
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("Feedback Submitted", { exact: true })).toBeVisible();
  const review = reviews.getByRole("article").filter({ hasText: "not bold" }).first();
  // Stored and shown as typed: the markup is text, the line break kept.
  await expect(review.getByText("<b>not bold</b>", { exact: false })).toBeVisible();
  await expect(review.locator("b")).toHaveCount(0);
  await expect(review.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
  await expect(form.getByLabel("Your review")).toHaveValue("");
  await expect(page.getByTestId("review-count")).toHaveText(before + 1 === 1 ? "1 review" : `${before + 1} reviews`);
  await expect(reviews.getByRole("list", { name: "Ratings distribution" })).toBeVisible();

  await review.getByRole("button", { name: "Reply" }).click();
  const replyForm = review.getByRole("form", { name: /^Reply to / });
  await replyForm.getByRole("button", { name: "Submit Reply" }).click();
  await expect(replyForm.getByText("Please enter your reply before submitting")).toBeVisible();
  await replyForm.getByLabel("Your reply").fill("Thanks for the tip!");
  await replyForm.getByRole("button", { name: "Submit Reply" }).click();
  await expect(review.getByRole("article", { name: /^Reply by / }).getByText("Thanks for the tip!")).toBeVisible();
  await expect(replyForm).toBeHidden();
  // A reply is not a review: the count stays.
  await expect(page.getByTestId("review-count")).toHaveText(before + 1 === 1 ? "1 review" : `${before + 1} reviews`);
  // Scan once the toasts have gone (axe misreads their contrast while they fade).
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);

  // The review shows on the page for others too (after the anonymous page cache's few seconds).
  await page.context().clearCookies();
  await expect(async () => {
    const html = await (await page.request.get(`/resources/${slug}`)).text();
    expect(html).toContain("Thanks for the tip!");
  }).toPass({ timeout: 20_000 });
});

test("the stats row shows only to the product's submitter", async ({ page }, testInfo) => {
  test.slow(); // Three sign-ins as three different people.
  await open(page, `/resources/${FIXTURE_SUBMITTED_SLUG}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your product's statistics" })).toHaveCount(0);

  await signIn(page, uniqueEmail(testInfo, "visitor"));
  await open(page, `/resources/${FIXTURE_SUBMITTED_SLUG}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your product's statistics" })).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(page, FIXTURE_MAKER_EMAIL);
  await open(page, `/resources/${FIXTURE_SUBMITTED_SLUG}`);
  const stats = page.getByRole("region", { name: "Your product's statistics" });
  await expect(stats).toBeVisible();
  for (const label of ["Views", "Usages", "Users", "Saves", "Comments"]) {
    await expect(stats.getByText(label, { exact: true }).first()).toBeVisible();
  }
  await expect(stats.getByRole("img", { name: /^Last 30 days/ })).toBeVisible();
  await stats.getByText("Daily numbers").click();
  await expect(stats.getByRole("table", { name: "Views and click-outs per day" }).getByRole("row")).toHaveCount(31);
  await expectAccessible(page);
});
