/**
 * The AI engine (decision 048) in Chromium: the settings card (round trip, key shown only by its
 * last 4 characters, Test connection against a local server answering as OpenAI's API does), and
 * Draft with AI in the admin product form and the wizard's Product Info step.
 *
 * Drafting reads a real local website (tests/e2e/draft-site.ts), started by the e2e harness
 * beside the server, which reads it through the safe fetcher allowed that one port (decision 048);
 * any other private address is still refused, as the tests check first.
 */
import type { Page } from "@playwright/test";
import { DRAFT_SITE, readDraftSiteOrigin } from "./draft-site";
import { startFakeProvider, type FakeProvider } from "../../app/features/ai-engine/test-provider";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "./admin-account";
import { portalSignIn } from "./admin-portal";
import { expect, expectAccessible, open, signInThroughDevScreen, test, uniqueEmail } from "./fixtures";

const octet = () => Math.floor(Math.random() * 250) + 1;

async function signInAsAdmin(page: Page, baseURL: string) {
  const address = `10.${octet()}.${octet()}.${octet()}`;
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  const answer = await portalSignIn(page.request, baseURL, address, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  expect(answer.status()).toBe(302);
}

/** Refusals answer 4xx on purpose; Chromium reports that status as a console error. */
function forgetStatusErrors(consoleErrors: string[], status: number) {
  for (let i = consoleErrors.length - 1; i >= 0; i -= 1) if (consoleErrors[i]!.includes(`status of ${status}`)) consoleErrors.splice(i, 1);
}

/** Toasts fade in and out (half transparent meanwhile): scan the page once they have gone. */
async function scanWithoutToasts(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
}

const PRIVATE_ADDRESS = "That address is not a public website, so it cannot be read.";

/** The draft site's page for a product named `name`, mentioning `niche`. */
function siteUrl(name: string, niche: string) {
  return `${readDraftSiteOrigin()}/product?${new URLSearchParams({ name, niche })}`;
}

/**
 * Drafts from the site. The settings test (desktop) points the engine at a provider for a few
 * seconds: a draft made meanwhile answers from that provider, so this tries again until the engine
 * is back on offline drafting.
 */
async function draftFromSite(page: Page, consoleErrors: string[], url: string, fields: number) {
  await page.getByLabel("Website URL*").fill(url);
  await expect(async () => {
    await page.getByRole("button", { name: "Draft with AI" }).click();
    await expect(page.getByText(`Drafted ${fields} fields from the website's own description`, { exact: false })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  // A try made while the provider was set answered 400 with the provider's message.
  forgetStatusErrors(consoleErrors, 400);
}

test.describe("AI Engine settings", () => {
  let provider: FakeProvider;
  test.beforeAll(async () => {
    provider = await startFakeProvider();
  });
  test.afterAll(async () => {
    await provider.close();
  });

  test("an admin saves the provider and key (only its last 4 characters come back) and tests the connection", async ({ page, baseURL, consoleErrors }, testInfo) => {
    await signInAsAdmin(page, baseURL!);
    await open(page, "/admin/my-ai-engine");
    await expect(page.getByRole("heading", { level: 1, name: "AI Engine" })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Provider").selectOption("openai-compatible");
    if (testInfo.project.name !== "desktop") {
      // One project writes the installation's settings (they are shared); the other checks a refusal, which writes nothing.
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByText("Enter the endpoint's base URL (for example http://localhost:11434/v1)")).toBeVisible();
      forgetStatusErrors(consoleErrors, 400);
      await expectAccessible(page);
      return;
    }
    const key = `sk-e2e-${Date.now().toString(36)}-SECRET-WXYZ`;
    await page.getByLabel("Content format").selectOption("html");
    await page.getByLabel("Base URL*").fill(`${provider.site.origin}/v1`);
    await page.getByLabel("Model").fill("llama-e2e");
    await page.getByLabel("API key").fill(key);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("AI Engine settings saved")).toBeVisible();
    await expect(page.getByText("A key ending in WXYZ is saved (encrypted).")).toBeVisible();
    await expect(page.getByLabel("API key")).toHaveValue("");
    await expect(page.getByLabel("Provider")).toHaveValue("openai-compatible");
    await expect(page.getByLabel("Content format")).toHaveValue("html");
    await expect(page.getByLabel("Model")).toHaveValue("llama-e2e");
    expect(await page.content()).not.toContain(key);
    await scanWithoutToasts(page);

    provider.behave({ kind: "text", text: "OK" });
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(page.getByText("Connection works: the provider answered.")).toBeVisible();
    expect(provider.calls.at(-1)!.headers.authorization).toBe(`Bearer ${key}`);

    provider.behave({ kind: "error", status: 401, message: "Invalid token" });
    await page.getByRole("button", { name: "Test connection" }).click();
    await expect(page.getByText("The provider refused the API key (401): Invalid token")).toBeVisible();

    // Back to the default, offline drafting, without the key.
    await page.getByLabel("Provider").selectOption("none");
    await page.getByLabel("Content format").selectOption("plain");
    await page.getByLabel("Remove the saved key").check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("No key is saved.", { exact: false })).toBeVisible();
    await expect(page.getByLabel("Provider")).toHaveValue("none");
  });
});

test("admin product form: Draft with AI fills the fields, marks each as AI draft until edited or accepted, saves nothing", async ({ page, baseURL, consoleErrors }) => {
  await signInAsAdmin(page, baseURL!);
  await open(page, "/admin/products/new");

  // The real /ai/draft: a private address is refused with a clear message.
  await page.getByLabel("Website URL*").fill("http://127.0.0.1:9/");
  await page.getByRole("button", { name: "Draft with AI" }).click();
  await expect(page.getByText(PRIVATE_ADDRESS)).toBeVisible();
  forgetStatusErrors(consoleErrors, 400);

  const niche = page.getByRole("checkbox", { name: /^Productivity/ });
  await expect(niche).not.toBeChecked();
  const name = `Inkwell ${Date.now().toString(36)}`;
  await draftFromSite(page, consoleErrors, siteUrl(name, "Productivity"), 6);

  await expect(page.getByLabel("Product Name*")).toHaveValue(name);
  await expect(page.getByLabel("Headline*")).toHaveValue(DRAFT_SITE.headline);
  await expect(page.getByLabel("Tagline", { exact: true })).toHaveValue(DRAFT_SITE.tagline);
  await expect(page.getByLabel("Description*")).toHaveValue(new RegExp(`^${DRAFT_SITE.description(name)}`));
  await expect(page.getByRole("list", { name: "Added tags" }).getByRole("listitem")).toHaveText(DRAFT_SITE.tags);
  await expect(niche).toBeChecked();
  await expect(page.getByText("AI draft", { exact: true })).toHaveCount(6);
  await expect(page.getByLabel("Headline*")).toHaveAccessibleDescription(/AI draft/);
  await expectAccessible(page);

  // Editing a field takes its mark away; Accept too; Undo puts the old text back.
  await page.getByLabel("Headline*").fill("A headline a person wrote");
  await expect(page.getByLabel("Headline*")).not.toHaveAccessibleDescription(/AI draft/);
  await expect(page.getByText("AI draft", { exact: true })).toHaveCount(5);
  await page.getByRole("button", { name: "Accept the AI draft of Tagline" }).click();
  await expect(page.getByRole("button", { name: "Accept the AI draft of Tagline" })).toHaveCount(0);
  await expect(page.getByLabel("Tagline", { exact: true })).toHaveValue(DRAFT_SITE.tagline);
  await page.getByRole("button", { name: "Remove tag plinth" }).click();
  await expect(page.getByRole("button", { name: "Accept the AI draft of Features (tags)" })).toHaveCount(0);
  await page.getByRole("button", { name: "Undo the AI draft of Description" }).click();
  await expect(page.getByLabel("Description*")).toHaveValue("");
  await expect(page.getByText("AI draft", { exact: true })).toHaveCount(2);

  // Nothing was saved by drafting.
  const list = await (await page.request.get(`/admin/products?q=${encodeURIComponent(name)}`)).text();
  expect(list).toContain("0 products match");
});

test("wizard: a maker drafts the Product Info step and the AI draft marks clear as they edit", async ({ page, consoleErrors }, testInfo) => {
  await signInThroughDevScreen(page, uniqueEmail(testInfo, "ai-maker"), "/auth?redirectTo=%2Fmy-products%2Fnew");
  await expect(page.getByRole("heading", { name: "Basic Information" })).toBeVisible();
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  const name = `AI wizard ${testInfo.project.name} ${Date.now().toString(36)}`;
  await page.getByLabel("Product Name*").fill(name);
  await page.getByLabel("Website URL*").fill("ai-wizard.example.com");
  await page.getByRole("button", { name: "Proceed to Details" }).click();
  await expect(page).toHaveURL(/\/submit-product-details\?product=\d+$/);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });

  await page.getByLabel("Website URL*").fill("http://127.0.0.1:9/");
  await page.getByRole("button", { name: "Draft with AI" }).click();
  await expect(page.getByText(PRIVATE_ADDRESS)).toBeVisible();
  forgetStatusErrors(consoleErrors, 400);

  // The name is already typed: the draft's (the same) leaves it alone.
  await draftFromSite(page, consoleErrors, siteUrl(name, "Productivity"), 4);
  await expect(page.getByLabel("Headline*")).toHaveValue(DRAFT_SITE.headline);
  await expect(page.getByLabel("Tagline", { exact: true })).toHaveValue(DRAFT_SITE.tagline);
  await expect(page.getByRole("list", { name: "Added tags" }).getByRole("listitem")).toHaveText(DRAFT_SITE.tags);
  await expect(page.getByText("Suggested niches: Productivity.")).toBeVisible();
  await expect(page.getByText("AI draft", { exact: true })).toHaveCount(4);
  await expectAccessible(page);

  await page.getByLabel("Description*").fill("A maker's own description of the planner, long enough for the rule of fifty.");
  await expect(page.getByLabel("Description*")).not.toHaveAccessibleDescription(/AI draft/);
  await page.getByRole("button", { name: "Accept the AI draft of Headline" }).click();
  await page.getByRole("textbox", { name: "Features (tags)" }).fill("habits");
  await page.getByRole("button", { name: "Accept the AI draft of Tagline" }).click();
  await expect(page.getByText("AI draft", { exact: true })).toHaveCount(0);

  // The step saves what the person kept, as usual.
  await page.getByRole("button", { name: "Next: Categories" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Categories" })).toBeVisible();
});
