import { expect, expectAccessible, open, signInThroughDevScreen, test, uniqueEmail } from "./fixtures";

// Two accessibility scans and a sign-in per test.
test.describe.configure({ timeout: 60_000 });

test("signed out: the dialog asks to sign in, and sign-in brings the visitor back with the text, not sent", async ({ page }, testInfo) => {
  await open(page, "/submit");
  await expect(page.getByRole("heading", { level: 1, name: "Suggest a Resource" })).toBeVisible();
  await expect(page.getByRole("main").getByText(/We accept software tools, apps, web apps and online communities/)).toBeVisible();
  await expectAccessible(page);

  const text = `Excalidraw ${testInfo.project.name}\nhttps://excalidraw.com, a whiteboard for sketching & sharing`;
  await page.getByLabel("Your suggestion").fill(text);
  await page.getByRole("button", { name: "Submit Suggestion" }).click();
  const dialog = page.getByRole("dialog", { name: "Authentication Required" });
  await expect(dialog.getByText("Please sign in to submit your suggestion.")).toBeVisible();
  await expectAccessible(page);

  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Submit Suggestion" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Continue to Sign In" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsubmit%3Ftext%3D/);

  await signInThroughDevScreen(page, uniqueEmail(testInfo, "suggester"), page.url());
  await expect(page).toHaveURL(/\/submit\?text=/);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await expect(page.getByLabel("Your suggestion")).toHaveValue(text);
  // Brought back, never sent by itself.
  await expect(page.getByRole("button", { name: "Submit Suggestion" })).toBeEnabled();
  await expect(page.getByText("Thank you for your suggestion!")).toHaveCount(0);
});

test("signed in: blank is refused in the browser, a double click sends once, then thanks and My Products", async ({ page }, testInfo) => {
  await signInThroughDevScreen(page, uniqueEmail(testInfo, "suggester"), "/auth?redirectTo=%2Fsubmit");
  await expect(page).toHaveURL(/\/submit$/);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });

  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/submit")) posts.push(request.url());
  });

  await page.getByLabel("Your suggestion").fill("   ");
  await page.getByRole("button", { name: "Submit Suggestion" }).click();
  await expect(page.getByText("Please enter a suggestion")).toBeVisible();
  expect(posts).toEqual([]);
  await expectAccessible(page);

  await page.getByLabel("Your suggestion").fill(`Penpot for ${testInfo.project.name}: open-source design and prototyping`);
  await page.getByRole("button", { name: "Submit Suggestion" }).dblclick();
  await expect(page.getByText("Thank you for your suggestion! Our team will review it shortly.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  await expect(page).toHaveURL(/\/my-products\?tab=products$/);
  expect(posts).toHaveLength(1);
});
