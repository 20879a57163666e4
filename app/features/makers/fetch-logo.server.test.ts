import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSafeFetcher } from "~/lib/fetch/safe-fetch.server";
import { LOGO_FETCH_FAILED_MESSAGE, LOGO_URL_REQUIRED_MESSAGE } from "~/lib/fetch/site-logo.server";
import { startTestSite, type TestSite } from "~/lib/fetch/test-server";
import { RATE_LIMIT_MESSAGE } from "~/lib/http/rate-limit";
import { LocalStorage } from "~/lib/storage/local.server";
import { FETCH_LOGO_LIMITS, fetchLogoForUser } from "./fetch-logo.server";
import { LOGO_FETCHED, LOGO_WEBSITE_FIRST } from "./makers";

let site: TestSite;
let root: string;
let storage: LocalStorage;

beforeAll(async () => {
  const icon = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } }).png().toBuffer();
  site = await startTestSite((request, response) => {
    if (request.url === "/") {
      response.writeHead(200, { "Content-Type": "text/html" });
      response.end('<html><head><link rel="icon" href="/brand.png" sizes="64x64"></head><body>Maker</body></html>');
    } else if (request.url === "/brand.png") {
      response.writeHead(200, { "Content-Type": "image/png" });
      response.end(icon);
    } else {
      response.writeHead(404).end();
    }
  });
  root = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-maker-logos-"));
  storage = new LocalStorage(root);
});

afterAll(async () => {
  await site.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("Fetch Logo for a maker", () => {
  it("stores the site's icon as our own 128 px WebP and answers its URL with the spec's toast", async () => {
    const fetcher = createSafeFetcher({ testOnlyAllowLoopbackPorts: [site.port] });
    const { status, result } = await fetchLogoForUser("logo-maker-1", site.origin, storage, { fetcher });
    expect(status).toBe(200);
    expect(result).toEqual({ ok: true, logoUrl: expect.stringMatching(/^\/uploads\/logos\/[0-9a-f]{32}\.webp$/), message: LOGO_FETCHED });
    const stored = path.join(root, (result as { logoUrl: string }).logoUrl.replace(/^\/uploads\//, ""));
    expect(await sharp(stored).metadata()).toMatchObject({ format: "webp", width: 128, height: 128 });
  });

  it("answers the spec's messages: an empty website makes no request, a refused site fails", async () => {
    const before = site.connections();
    expect(await fetchLogoForUser("logo-maker-2", "   ", storage)).toEqual({ status: 400, result: { ok: false, message: LOGO_URL_REQUIRED_MESSAGE } });
    expect(LOGO_WEBSITE_FIRST).toBe(LOGO_URL_REQUIRED_MESSAGE);
    // Without the test-only allowance the same local site is refused before any connection.
    expect(await fetchLogoForUser("logo-maker-2", site.origin, storage)).toEqual({ status: 422, result: { ok: false, message: LOGO_FETCH_FAILED_MESSAGE } });
    expect(site.connections()).toBe(before);
  });

  it("is rate-limited per user: the burst's next call is refused without a request, other users unaffected", async () => {
    for (let i = 0; i < FETCH_LOGO_LIMITS.burst.limit; i++) {
      expect((await fetchLogoForUser("logo-maker-3", "http://127.0.0.1:9/", storage)).status).toBe(422);
    }
    const fetcher = createSafeFetcher({ testOnlyAllowLoopbackPorts: [site.port] });
    const before = site.connections();
    expect(await fetchLogoForUser("logo-maker-3", site.origin, storage, { fetcher })).toEqual({ status: 429, result: { ok: false, message: RATE_LIMIT_MESSAGE } });
    expect(site.connections()).toBe(before);
    expect((await fetchLogoForUser("logo-maker-4", site.origin, storage, { fetcher })).status).toBe(200);
  });
});
