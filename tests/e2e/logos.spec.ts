/**
 * Product logos (decision 050): a product without a stored logo shows a generated monogram named
 * for assistive technology, and no page loads a logo from another site (the demo catalogue's
 * logos on GitHub stay monograms until the background job has stored a copy).
 */
import { expect, expectAccessible, open, test } from "./fixtures";

test("a product whose logo is on another site shows its monogram, and nothing is hot-linked", async ({ page, baseURL }) => {
  const outside: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith("data:")) outside.push(request.url());
  });
  await open(page, "/resources/cp-community");
  const logo = page.getByRole("main").getByRole("img", { name: "CP Community logo" });
  await expect(logo).toBeVisible();
  await expect(logo).toHaveText("CC");
  await expectAccessible(page);

  // Its tag's list shows the same product as a card, with the same monogram.
  await open(page, "/tag/competitive-programming");
  await expect(page.getByRole("article").filter({ hasText: "CP Community" }).first().getByRole("img", { name: "CP Community logo" })).toBeVisible();
  expect(outside).toEqual([]);
});
