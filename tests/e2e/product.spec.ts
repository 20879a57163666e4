import type { Page } from "@playwright/test";
import { expect, expectAccessible, open, test } from "./fixtures";

// The product detail page (/resources/{slug}), its redirects and its not-found state.

const SLUG = "notion";
const NAME = "Notion";
const TAGLINE = "All-in-one workspace for notes, tasks, wikis, and databases.";

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

test("is server-rendered with JSON-LD and shows title, tagline, pricing, tags, creator, upvoters and similar products, accessibly", async ({
  page,
  request,
}) => {
  const response = await request.get(`/resources/${SLUG}`);
  expect(response.status()).toBe(200);
  // React separates adjacent text parts with empty comments.
  const html = (await response.text()).replaceAll("<!-- -->", "");
  for (const text of [`>${NAME}</h1>`, TAGLINE, `Similar to ${NAME}`, "Users Who Love This Product", "Unclaimed", "Claim this product", "Visit Website"]) {
    expect(html).toContain(text);
  }
  const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  const app = ld.find((item) => item["@type"] === "SoftwareApplication");
  expect(app).toMatchObject({ "@context": "https://schema.org", name: NAME });
  const breadcrumbs = ld.find((item) => item["@type"] === "BreadcrumbList") as { itemListElement: { name: string }[] } | undefined;
  expect(breadcrumbs?.itemListElement.at(-1)?.name).toBe(NAME);

  await open(page, `/resources/${SLUG}`);
  await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  const header = page.getByRole("main").locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
  await expect(header.getByText(TAGLINE)).toBeVisible();
  await expect(header.getByText("Free", { exact: true })).toBeVisible();
  const tag = header.getByRole("link", { name: "note taking", exact: true });
  await expect(tag).toHaveAttribute("href", "/tag/note-taking");

  await expect(header.getByRole("button", { name: `Upvote ${NAME} (0 upvotes)` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Back", exact: true })).toBeVisible();

  const creator = page.getByRole("region", { name: "Creator" });
  await expect(creator.getByText("Unclaimed")).toBeVisible();
  await expect(creator.getByRole("link", { name: "Claim this product" })).toHaveAttribute("href", /^\/auth\?/);
  await expect(page.getByRole("heading", { name: "Users Who Love This Product" })).toBeVisible();

  const similar = page.getByRole("region", { name: `Similar to ${NAME}` });
  const similarCount = await similar.getByRole("listitem").count();
  expect(similarCount).toBeGreaterThanOrEqual(1);
  expect(similarCount).toBeLessThanOrEqual(4);
  await expect(similar.getByRole("link", { name: NAME, exact: true })).toHaveCount(0);

  if (isMobile(page)) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
});

test("Visit Website carries ref=toolnest, opens a new tab and records the click", async ({ page, context, request }) => {
  const { id, website_url } = (await (await request.get(`/api/v1/products/${SLUG}`)).json()) as { id: number; website_url: string };
  // No real site is opened: the product's host answers with a stub page.
  const host = new URL(website_url).host;
  await context.route((url) => url.host === host, (route) => route.fulfill({ contentType: "text/html", body: "<title>Outside</title>" }));

  await open(page, `/resources/${SLUG}`);
  const visit = page.getByRole("link", { name: "Visit Website" });
  await expect(visit).toHaveAttribute("target", "_blank");
  const href = await visit.getAttribute("href");
  expect(new URL(href!).searchParams.get("ref")).toBe("toolnest");
  expect(new URL(href!).host).toBe(host);

  const click = page.waitForRequest((req) => req.method() === "POST" && new URL(req.url()).pathname === `/api/v1/products/${id}/click`);
  const popup = context.waitForEvent("page");
  await visit.click();
  const beacon = await click;
  expect((await beacon.response())?.status()).toBe(204);
  const tab = await popup;
  expect(new URL(tab.url()).searchParams.get("ref")).toBe("toolnest");
  await tab.close();
  await expect(page).toHaveURL(new RegExp(`/resources/${SLUG}$`));
});

test("the Share dialog offers a copy button and the networks", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await open(page, `/resources/${SLUG}`);
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Share ${NAME}` });
  await expect(dialog).toBeVisible();
  const pageUrl = `${baseURL}/resources/${SLUG}`;
  for (const network of ["Twitter", "Facebook", "LinkedIn", "E-mail"]) {
    const link = dialog.getByRole("link", { name: network });
    await expect(link).toHaveAttribute("href", new RegExp(encodeURIComponent(pageUrl).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  }
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Copied!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);
});

test("Save and upvote ask an anonymous visitor to sign in", async ({ page }) => {
  await open(page, `/resources/${SLUG}`);
  const dialog = page.getByRole("dialog", { name: "Authentication Required" });

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Continue to Sign In" })).toHaveAttribute("href", /^\/auth/);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: new RegExp(`^Upvote ${NAME}\\b`) }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Continue to Sign In" })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});

test("/product/{id} and /product-details/{id} redirect permanently to the product page", async ({ request }) => {
  const { id } = (await (await request.get(`/api/v1/products/${SLUG}`)).json()) as { id: number };
  for (const path of [`/product/${id}`, `/product-details/${id}`]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(new URL(response.headers()["location"]!, "http://x").pathname).toBe(`/resources/${SLUG}`);
  }
});

for (const path of ["/resources/nope", "/product/999999"]) {
  test(`${path} answers 404 with Product Not Found`, async ({ page }) => {
    const response = await open(page, path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Product Not Found" })).toBeVisible();
    await expect(page.getByText("The product you're looking for doesn't exist or has been removed.")).toBeVisible();
    await expectAccessible(page);
  });
}
