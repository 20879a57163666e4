/**
 * "Create Super Admin" on a fresh install (decision 018): the shared e2e server always has an
 * admin, so this file starts its own server on an empty database (no seed, no admin) and visits
 * it with absolute URLs. The tests run in order and share that server's state.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import pg from "pg";
import { assertLocalDatabaseUrl, withDatabase } from "../setup/local-database";
import { expect, expectAccessible, open, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 640;

/** Statuses the Admin Portal answers on purpose (Chromium reports them as console errors). */
function allowStatuses(consoleErrors: string[], statuses: number[]) {
  const pattern = new RegExp(`status of (${statuses.join("|")})`);
  for (let i = consoleErrors.length - 1; i >= 0; i -= 1) if (pattern.test(consoleErrors[i]!)) consoleErrors.splice(i, 1);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The app on an empty database of its own (PGlite in a fresh data dir, or a fresh PostgreSQL database). */
class FreshServer {
  origin = "";
  private child: ChildProcess | null = null;
  private stderr = "";
  private exited: Promise<void> = Promise.resolve();
  private dataDir = "";
  private dropDatabase: (() => Promise<void>) | null = null;
  private readonly killOnExit = () => this.child?.kill("SIGKILL");

  async start() {
    const port = await freePort();
    this.origin = `http://localhost:${port}`;
    this.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-e2e-sa-"));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // One process: the test reads this server's output and stops it as one (decision 051).
      WEB_CONCURRENCY: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: this.dataDir,
      APP_URL: this.origin,
      LOG_LEVEL: "warn",
      SEED: "false",
    };
    const url = process.env.DATABASE_URL;
    if (url) {
      assertLocalDatabaseUrl(url);
      const name = `toolnest_e2e_sa_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      await adminQuery(url, `create database "${name}"`);
      this.dropDatabase = () => adminQuery(url, `drop database if exists "${name}" with (force)`);
      env.DATABASE_URL = withDatabase(url, name);
    }

    const child = spawn(process.execPath, ["scripts/start.mjs", "--no-seed"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    this.child = child;
    process.once("exit", this.killOnExit);
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-8000);
    });
    let exitCode: number | string | null | undefined;
    this.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        exitCode = code ?? signal;
        resolve();
      });
    });

    const deadline = Date.now() + 120_000;
    for (;;) {
      if (exitCode !== undefined) throw new Error(`The fresh server exited (${exitCode}) before it was ready:\n${this.stderr}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) })
        .then((response) => response.status === 200)
        .catch(() => false);
      if (healthy) return;
      if (Date.now() > deadline) throw new Error(`The fresh server did not answer /healthz within 120 s:\n${this.stderr}`);
      // Polls /healthz until the server is up (or exits): not a fixed wait on the page.
      await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, 250))]);
    }
  }

  async stop() {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const stopped = await Promise.race([this.exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 15_000))]);
      if (!stopped) {
        child.kill("SIGKILL");
        await this.exited;
      }
    }
    process.removeListener("exit", this.killOnExit);
    this.child = null;
    if (this.dataDir) fs.rmSync(this.dataDir, { recursive: true, force: true });
    await this.dropDatabase?.();
    this.dropDatabase = null;
  }
}

const server = new FreshServer();
const at = (pathname: string) => `${server.origin}${pathname}`;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  try {
    await server.start();
  } catch (error) {
    await server.stop();
    throw error;
  }
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await server.stop();
});

const answerField = (page: Page) => page.getByLabel(/^What is \d \+ \d\?$/);

async function verifyChallenge(page: Page) {
  const question = await page.locator("label[for=admin-answer]").textContent();
  const [, a, b] = /What is (\d) \+ (\d)\?/.exec(question ?? "")!;
  await answerField(page).fill(String(Number(a) + Number(b)));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Verified" })).toBeVisible();
}

async function signIn(page: Page, email: string, password: string) {
  await open(page, at("/login"));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await verifyChallenge(page);
  await page.getByRole("button", { name: "Sign In" }).click();
}

const superAdminButton = (page: Page) => page.getByRole("button", { name: "Create Super Admin" });

async function openDialog(page: Page) {
  await superAdminButton(page).click();
  const dialog = page.getByRole("dialog", { name: "Create Super Admin" });
  await expect(dialog).toBeVisible();
  return dialog;
}

// One address per project: both projects run this file, each on its own fresh server.
const OWNER_PASSWORD = "owner-password-1";
const ownerEmail = (project: string) => `owner.${project}@example.com`;
const otherEmail = (project: string) => `second.${project}@example.com`;

test("a fresh install's Admin Portal offers Create Super Admin, and its dialog is accessible", async ({ page }) => {
  await open(page, at("/login"));
  await expect(page.getByRole("heading", { name: "Admin Portal" })).toBeVisible();
  await expect(superAdminButton(page)).toBeVisible();

  const dialog = await openDialog(page);
  await expect(dialog.getByText("No administrator exists yet.")).toBeVisible();
  await expect(dialog.getByLabel("Email")).toBeFocused();
  await expect(dialog.getByLabel("Password")).toHaveAccessibleDescription("At least 6 characters.");
  await expectAccessible(page);

  // Cancel closes it and leaves the button.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(superAdminButton(page)).toBeVisible();
});

test("Create Super Admin refuses a bad e-mail and a short password, then makes the admin and signs in", async ({ page, browser, consoleErrors }, testInfo) => {
  const email = ownerEmail(testInfo.project.name);
  // A second visitor who opened the dialog before the admin existed (a stale page).
  const staleContext = await browser.newContext();
  const stale = await staleContext.newPage();
  await open(stale, at("/login"));
  const staleDialog = await openDialog(stale);

  await open(page, at("/login"));
  const dialog = await openDialog(page);
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByLabel("Password").fill(OWNER_PASSWORD);
  await dialog.getByRole("button", { name: "Create Super Admin" }).click();
  // The server's message, in the dialog, on the field; the typed address is kept.
  await expect(dialog.getByRole("alert")).toHaveText("Please enter a valid email address");
  await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Email")).toHaveValue("not-an-email");
  await expect(page).toHaveURL(at("/login"));

  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill("12345");
  await dialog.getByRole("button", { name: "Create Super Admin" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Password must be at least 6 characters");
  await expect(dialog.getByLabel("Password")).toHaveAccessibleDescription("Password must be at least 6 characters");
  await expect(dialog.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");

  await dialog.getByLabel("Password").fill(OWNER_PASSWORD);
  await dialog.getByRole("button", { name: "Create Super Admin" }).click();
  // Made and signed in: straight to the dashboard.
  await expect(page).toHaveURL(at("/admin/dashboard"));
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("No products yet.")).toBeVisible();
  if (!isMobile(page)) await expect(page.getByText(email, { exact: true })).toBeVisible();
  // Signed in, the Admin Portal goes to the dashboard.
  await open(page, at("/login"));
  await expect(page).toHaveURL(at("/admin/dashboard"));

  // The stale page is refused: the message shows and the button is gone.
  await staleDialog.getByLabel("Email").fill(otherEmail(testInfo.project.name));
  await staleDialog.getByLabel("Password").fill(OWNER_PASSWORD);
  await staleDialog.getByRole("button", { name: "Create Super Admin" }).click();
  await expect(stale.getByRole("alert").filter({ hasText: "An administrator already exists." })).toBeVisible();
  await expect(staleDialog).toBeHidden();
  await expect(superAdminButton(stale)).toHaveCount(0);
  await expect(stale).toHaveURL(at("/login"));
  await staleContext.close();
  allowStatuses(consoleErrors, [400]);
});

test("after it, the button is gone and the new admin signs in at /login", async ({ page }, testInfo) => {
  await open(page, at("/login"));
  await expect(page.getByRole("heading", { name: "Admin Portal" })).toBeVisible();
  await expect(superAdminButton(page)).toHaveCount(0);
  await page.reload();
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(superAdminButton(page)).toHaveCount(0);

  await signIn(page, ownerEmail(testInfo.project.name), OWNER_PASSWORD);
  await expect(page).toHaveURL(at("/admin/dashboard"));
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
});

test("a direct Create Super Admin request is now refused with 403, and makes no second admin", async ({ page, request, consoleErrors }, testInfo) => {
  const other = otherEmail(testInfo.project.name);
  // What the form sends without JavaScript: a same-origin POST to /login.
  const response = await request.post(at("/login"), {
    form: { intent: "create-super-admin", email: other, password: OWNER_PASSWORD },
    headers: { Origin: server.origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain("An administrator already exists.");
  expect(response.headers()["set-cookie"] ?? "").not.toContain("session_token=");

  // No account (let alone an admin) was made for that address.
  await signIn(page, other, OWNER_PASSWORD);
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  await expect(page).toHaveURL(at("/login"));
  await expect(superAdminButton(page)).toHaveCount(0);
  await page.goto(at("/admin/dashboard"));
  await expect(page).toHaveURL(at("/login?redirectTo=%2Fadmin%2Fdashboard"));
  allowStatuses(consoleErrors, [401]);
});
