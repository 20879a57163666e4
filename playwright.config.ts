import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumPath, chromiumArgs } from "./tests/e2e/chromium";

// Workers re-evaluate this file; the port chosen by the main process reaches them through the env.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  "-e",
  "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
const baseURL = `http://localhost:${process.env.E2E_PORT}`;
// Likewise the server's data directory, so tests can read what it writes (the e-mail outbox).
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-e2e-"));

const ADMIN_FLOWS = [
  "admin-feedback",
  "admin-product-form",
  "admin-products",
  "admin-submissions",
  "admin-taxonomy",
  "admin-users",
  "audit-log",
  "csv-import",
  "moderation",
].map((name) => new RegExp(`/${name}\\.spec\\.ts$`));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // The admin specs walk many pages, each with an axe scan, on a 2-core machine that also runs the
  // server and the database: 25-48 s measured for the longest ones (32 s at the commit before this
  // change too), so 30 s failed them for time, not for what they check.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: ".tmp/playwright-results.json" }]],
  use: {
    baseURL,
    // No trace by default: recording one for every test cost ~8% of the suite's time, and CI keeps
    // only what it prints. To debug a failure: npx playwright test <spec> --trace on (decision 066).
    trace: "off",
    // The site registers a service worker (decision 050); specs that test it allow it themselves, so
    // no other spec's page is answered from a worker's cache.
    serviceWorkers: "block",
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
  projects: [
    // Specs named *.http.spec.ts probe the real server over HTTP only (no page): run once, not per viewport.
    { name: "http", testMatch: /\.http\.spec\.ts$/ },
    { name: "desktop", testIgnore: /\.http\.spec\.ts$/, use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
    {
      name: "mobile",
      // The admin flows run at 1280 px; at 360 px admin-layout.spec.ts walks every admin page, and
      // admin.spec.ts and admin-dashboard.spec.ts check the drawer (decision 066).
      testIgnore: [/\.http\.spec\.ts$/, ...ADMIN_FLOWS],
      use: { ...devices["Desktop Chrome"], viewport: { width: 360, height: 740 }, isMobile: false, hasTouch: true },
    },
  ],
  webServer: {
    command: "node tests/e2e/serve.mjs",
    url: `${baseURL}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    // SIGTERM rather than SIGKILL, so the server removes its data directory and database (serve.ts).
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "ignore",
    stderr: "pipe",
    // Tests stand for visitors at different addresses through X-Forwarded-For from loopback.
    env: { PORT: process.env.E2E_PORT, E2E_DATA_DIR: process.env.E2E_DATA_DIR, APP_URL: baseURL, LOG_LEVEL: "warn", TRUST_PROXY: "loopback" },
  },
});
