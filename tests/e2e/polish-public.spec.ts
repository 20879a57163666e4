import type { Page } from "@playwright/test";
import { axeOff, axeScan, expect, expectAccessible, open, test, uniqueEmail } from "./fixtures";

// Issue 17's visible fixes on public pages (decision 049): the sidebar, dark mode, tags, product
// descriptions, search results, the Feedback dialog and the footer.

test.describe.configure({ timeout: 90_000 });

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The sidebar: on small screens inside the Navigation drawer opened by Categories. */
async function openSidebar(page: Page) {
  if (!isMobile(page)) return page.getByRole("complementary", { name: "Categories" });
  await page.getByRole("button", { name: "Categories", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Navigation" });
  await expect(drawer).toBeVisible();
  return drawer;
}

test("the sidebar groups subcategories under their niche, closed, with counts; a group opens by keyboard; typing finds one", async ({
  page,
  request,
}) => {
  await open(page, "/");
  // Issue 17 measured about 5,900 px at 1280 px when the sidebar listed every subcategory; the
  // 20 cards now set the height (3,533 px at 1280 px and 5,131 px at 360 px, measured by this test).
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`home page height at ${page.viewportSize()?.width} px: ${height} px`);
  expect(height).toBeLessThan(isMobile(page) ? 6_000 : 4_000);
  if (!isMobile(page)) {
    // The sidebar is shorter than the product list beside it: it no longer sets the page's height.
    const sidebarHeight = await page
      .getByRole("complementary", { name: "Categories" })
      .evaluate((el) => el.firstElementChild!.getBoundingClientRect().height);
    console.log(`sidebar height: ${sidebarHeight} px`);
    expect(sidebarHeight).toBeLessThan(1_200);
  }

  const sidebar = await openSidebar(page);
  const filter = sidebar.getByRole("navigation", { name: "Filter by Categories" });
  const toggle = filter.getByRole("button", { name: "Security & Privacy subcategories" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  // Closed groups: no subcategory link is shown until a group is opened.
  await expect(filter.getByRole("link", { name: /^Password Managers/ })).toHaveCount(0);
  await expect(filter.getByRole("button", { expanded: true })).toHaveCount(0);

  // The niche's count is the database's (the niches API counts its own way).
  const { items } = (await (await request.get("/api/v1/niches")).json()) as {
    items: { slug: string; count: number; subcategories: { slug: string; count: number }[] }[];
  };
  const security = items.find((n) => n.slug === "security-and-privacy")!;
  const passwords = security.subcategories.find((s) => s.slug === "password-managers")!;
  await expect(filter.getByRole("link", { name: `Security & Privacy ${security.count}`, exact: true })).toHaveAttribute(
    "href",
    "/niche/security-and-privacy",
  );

  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const link = filter.getByRole("link", { name: `Password Managers ${passwords.count}`, exact: true });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", "/niche/security-and-privacy/subcategory/password-managers");
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(link).toHaveCount(0);

  // Type to find: the matching subcategories show, their groups open; nothing else.
  const find = sidebar.getByRole("searchbox", { name: "Find a category" });
  await find.fill("password");
  await expect(link).toBeVisible();
  await expect(sidebar.getByRole("status")).toHaveText(/^\d+ (category|categories) found$/);
  await expect(filter.getByRole("link", { name: /^Icons & Illustrations/ })).toHaveCount(0);
  await expectAccessible(page);
  await find.fill("no such category here");
  await expect(filter.getByText("No matching categories")).toBeVisible();
  await find.fill("");
  await expect(filter.getByRole("button", { expanded: true })).toHaveCount(0);

  // A subcategory page opens its niche's list with the current page marked.
  await open(page, "/niche/security-and-privacy/subcategory/password-managers");
  const onPage = await openSidebar(page);
  await expect(onPage.getByRole("link", { name: /^Password Managers/ })).toHaveAttribute("aria-current", "page");
});

test("dark mode: primary buttons are filled, and axe finds no colour contrast problem on key pages", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  for (const path of ["/", "/niche/developers", "/resources/notion", "/search?q=notion", "/auth", "/tag/note-taking"]) {
    await open(page, path);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    if (axeOff) continue; // E2E_AXE=off: the PGlite pass scanned these pages (decision 067).
    const results = await axeScan(page).withRules(["color-contrast"]).analyze();
    expect(
      results.violations.flatMap((v) => v.nodes.map((n) => `${path} ${n.target.join(" ")}: ${n.failureSummary?.split("\n").at(-1)?.trim()}`)),
    ).toEqual([]);
  }
  // A primary button: a saturated fill with white text, not the pale tint that read as disabled.
  const button = page.getByRole("button", { name: "Sign in with Google" });
  await open(page, "/auth");
  const colours = await button.evaluate((el) => {
    const style = getComputedStyle(el);
    return { background: style.backgroundColor, color: style.color, opacity: style.opacity };
  });
  expect(colours).toEqual({ background: "rgb(79, 70, 229)", color: "rgb(255, 255, 255)", opacity: "1" });
});

test("tags read as words and are not cut off; the tag page's heading too", async ({ page }) => {
  await open(page, "/resources/notion");
  const header = page.getByRole("main").locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
  const tag = header.getByRole("link", { name: "note taking", exact: true });
  await expect(tag).toHaveAttribute("href", "/tag/note-taking");
  await expect(header.getByText("note-taking")).toHaveCount(0);

  await open(page, "/tag/note-taking");
  await expect(page.getByRole("heading", { level: 1, name: "note taking Products for Experts and Beginners" })).toBeVisible();
  const cardTags = page.getByRole("list", { name: "Products" }).getByRole("link", { name: "note taking", exact: true });
  await expect(cardTags.first()).toBeVisible();
  // Every tag on the cards shows whole: nothing wider than its box.
  const cut = await page
    .getByRole("list", { name: "Products" })
    .locator('a[href^="/tag/"]')
    .evaluateAll((links) => links.filter((a) => a.scrollWidth > a.clientWidth + 1).map((a) => a.textContent));
  expect(cut).toEqual([]);
  const slugs = await page.getByRole("list", { name: "Products" }).locator('a[href^="/tag/"]').allTextContents();
  expect(slugs.filter((text) => text.includes("-"))).toEqual([]);
});

test("a product page does not repeat the tagline as the description's first sentence", async ({ page }) => {
  await open(page, "/resources/r-productivity");
  const main = page.getByRole("main");
  await expect(main.locator("header").getByText("Productivity subreddit.")).toBeVisible();
  const about = page.getByRole("region", { name: "About r/Productivity" });
  await expect(about).toContainText("Listed under Websites in Awesome Productivity.");
  await expect(about).not.toContainText("Productivity subreddit");

  // A description that is only the tagline leaves no empty About section.
  await open(page, "/resources/shortlib");
  await expect(page.getByRole("heading", { level: 1, name: "ShortLib" })).toBeVisible();
  await expect(page.getByRole("region", { name: "About ShortLib" })).toHaveCount(0);
  await expect(page.getByText("Collection of hundreds of shortcuts for Windows, Mac and Linux.")).toHaveCount(1);
});

test("search results show title, tagline, description, website, tags and upvotes", async ({ page }) => {
  await open(page, "/search?q=notion");
  const result = page.getByRole("list", { name: "Search results" }).getByRole("listitem").first();
  await expect(result.getByRole("heading", { name: "Notion", exact: true })).toBeVisible();
  await expect(result.getByText("All-in-one workspace for notes, tasks, wikis, and databases.")).toBeVisible();
  await expect(result.getByText(/Notion is all you need/)).toBeVisible();
  await expect(result.getByText("notion.so", { exact: true })).toBeVisible();
  await expect(result.getByRole("link", { name: "note taking", exact: true })).toBeVisible();
  await expect(result.getByRole("button", { name: /^Upvote Notion/ })).toBeVisible();
  await expectAccessible(page);
});

test("the Feedback dialog offers e-mail (no form while FEEDBACK_FORM_URL is unset); the footer has no placeholder social links", async ({ page }) => {
  await open(page, "/");
  if (isMobile(page)) {
    await page.getByRole("button", { name: "Open menu" }).click();
  }
  await page.getByRole("button", { name: "Feedback", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Feedback" });
  await expect(dialog.getByRole("link", { name: "Send us an e-mail" })).toHaveAttribute("href", /^mailto:feedback@localhost\?subject=Feedback$/);
  await expect(dialog.getByRole("link", { name: "Open the feedback form" })).toHaveCount(0);
  await expectAccessible(page);
  await page.keyboard.press("Escape");

  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("list", { name: "Social links" })).toHaveCount(0);
  const external = await footer.locator("a[href^='http']").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(external.filter((href) => /^https:\/\/(x|github)\.com\/?$/.test(href ?? ""))).toEqual([]);
});

test("toasts and tabs: signed-out My Products says Authentication Required; a saved review says Feedback Submitted; /profile?tab=submit opens My Products", async ({ page }, testInfo) => {
  // Signed out, My Products sends the visitor to sign in with the spec's toast.
  await open(page, "/my-products");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fmy-products$/);
  await expect(page.getByText("Authentication Required: Please log in to save your product")).toBeVisible();

  const email = uniqueEmail(testInfo, "polish");
  await open(page, "/auth?redirectTo=%2Fresources%2Fr-productivity");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  // The first sign-in may offer onboarding first; skipping continues to the product.
  await page.waitForURL(/\/(onboarding|resources\/r-productivity)/);
  if (page.url().includes("/onboarding")) await page.getByRole("button", { name: "Skip for now" }).click();
  await expect(page).toHaveURL(/\/resources\/r-productivity$/);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });

  const form = page.getByRole("form", { name: "Write a review" });
  await form.getByRole("radio", { name: "5 stars" }).check();
  await form.getByLabel("Your review").fill(`Polish review ${testInfo.project.name} ${Date.now()}`);
  await form.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("Feedback Submitted", { exact: true })).toBeVisible();
  await expect(page.getByText("Comment Saved")).toHaveCount(0);

  await open(page, "/profile?tab=submit");
  await expect(page.getByRole("link", { name: "My Products" }).first()).toHaveAttribute("aria-current", "page");
});
