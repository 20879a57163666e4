import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle } from "~/db/client.server";
import { queryRows } from "../../../tests/support/raw-rows";
import { createSafeFetcher, type SafeFetch } from "~/lib/fetch/safe-fetch.server";
import { startTestSite, type TestSite } from "~/lib/fetch/test-server";
import { LocalStorage } from "~/lib/storage/local.server";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { createProduct } from "../../../tests/factories";
import type { IconService } from "./find-logo.server";
import { InProcessJobQueue } from "~/lib/jobs/in-process.server";
import { MAX_ATTEMPTS, PRODUCT_LOGO_QUEUE, productLogoJobHandler, sweepProductLogos } from "./jobs.server";

let handle: DatabaseHandle;
let site: TestSite;
let root: string;
let storage: LocalStorage;
let fetcher: SafeFetch;
let services: IconService[];
let png: Buffer;

beforeAll(async () => {
  handle = await createTestDatabase();
  // The demo catalogue names logos on GitHub; this machine has no internet, and these tests are about their own products.
  await handle.db.execute(sql`update products set logo_url = null`);
  png = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } }).png().toBuffer();
  site = await startTestSite((request, response) => {
    const url = request.url ?? "";
    if (url === "/logo.png" || url === "/second-service/127.0.0.1") {
      response.writeHead(200, { "Content-Type": "image/png" }).end(png);
    } else if (url === "/not-an-image.png") {
      response.writeHead(200, { "Content-Type": "image/png" }).end("<html>surprise</html>");
    } else if (url === "/" || url === "/plain") {
      response.writeHead(200, { "Content-Type": "text/html" }).end("<html><head><title>No icons</title></head></html>");
    } else {
      response.writeHead(404).end();
    }
  });
  root = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-product-logos-"));
  storage = new LocalStorage(root);
  fetcher = createSafeFetcher({ testOnlyAllowLoopbackPorts: [site.port] });
  // A stand-in for an icon service that knows nothing of these sites (the chain test adds a second that does).
  services = [(host) => `${site.origin}/first-service/${host}`];
});

afterAll(async () => {
  await handle?.close();
  await site?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  site.requests.length = 0;
});

async function product(id: number) {
  const [row] = await queryRows<{ logo_url: string | null; attempts: number | null; last_error: string | null; waiting: boolean | null }>(
    handle.db,
    sql`select p.logo_url, f.attempts, f.last_error, f.next_attempt_at > now() as waiting
        from products p left join product_logo_fetches f on f.product_id = p.id where p.id = ${id}`,
  );
  return row!;
}

async function withLogo(logoUrl: string | null, websiteUrl: string) {
  const { id } = await createProduct(handle.db, { website_url: websiteUrl });
  await handle.db.execute(sql`update products set logo_url = ${logoUrl} where id = ${id}`);
  return id;
}

const sweep = () => sweepProductLogos(handle.db, { storage, fetcher, services, batch: 50 });

describe("copying product logos into our storage", () => {
  it("stores a named logo as our 128 px WebP and points the product at it; pages then link our copy", async () => {
    const id = await withLogo(`${site.origin}/logo.png`, `${site.origin}/plain`);
    expect(await sweep()).toEqual({ stored: 1, failed: 0 });
    const row = await product(id);
    expect(row.logo_url).toMatch(/^\/uploads\/logos\/[0-9a-f]{32}\.webp$/);
    const file = path.join(root, row.logo_url!.replace(/^\/uploads\//, ""));
    expect(await sharp(file).metadata()).toMatchObject({ format: "webp", width: 128, height: 128 });
    expect(site.requests).toEqual(["/logo.png"]);

    // Done: our own address is never fetched again.
    site.requests.length = 0;
    expect(await sweep()).toEqual({ stored: 0, failed: 0 });
    expect(site.requests).toEqual([]);
  });

  it("follows the spec's chain: the named logo, the site's icons, /favicon.ico, then each icon service", async () => {
    const id = await withLogo(`${site.origin}/not-an-image.png`, `${site.origin}/plain`);
    // Stand-ins for the two icon services, asked by host name like the real ones; the second knows the site.
    const both: IconService[] = [(host) => `${site.origin}/first-service/${host}`, (host) => `${site.origin}/second-service/${host}`];
    expect(await sweepProductLogos(handle.db, { storage, fetcher, services: both })).toEqual({ stored: 1, failed: 0 });
    expect(site.requests).toEqual(["/not-an-image.png", "/plain", "/favicon.ico", "/first-service/127.0.0.1", "/second-service/127.0.0.1"]);
    expect((await product(id)).logo_url).toMatch(/^\/uploads\/logos\//);
  });

  it("leaves the product on its monogram when every step fails, backs off, and starts over for a new address", async () => {
    const id = await withLogo(`${site.origin}/missing.png`, `${site.origin}/plain`);
    expect(await sweep()).toEqual({ stored: 0, failed: 1 });
    expect(await product(id)).toEqual({ logo_url: `${site.origin}/missing.png`, attempts: 1, last_error: "bad status", waiting: true });

    // Not due again yet: the next sweep asks nobody.
    site.requests.length = 0;
    expect(await sweep()).toEqual({ stored: 0, failed: 0 });
    expect(site.requests).toEqual([]);

    // Due again: the attempt count grows; after the last one the product is left alone for good.
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await handle.db.execute(sql`update product_logo_fetches set next_attempt_at = now() where product_id = ${id}`);
      await sweep();
      expect((await product(id)).attempts).toBe(attempt);
    }
    const [after] = await queryRows<{ forever: boolean }>(handle.db, sql`select next_attempt_at = 'infinity' as forever from product_logo_fetches where product_id = ${id}`);
    expect(after!.forever).toBe(true);

    // The maker names another logo: it is tried at once, from the first attempt.
    await handle.db.execute(sql`update products set logo_url = ${`${site.origin}/logo.png`} where id = ${id}`);
    expect(await sweep()).toEqual({ stored: 1, failed: 0 });
    expect((await product(id)).logo_url).toMatch(/^\/uploads\/logos\//);
  });

  it("never reaches private addresses without the test allowance, and leaves products without an outside logo alone", async () => {
    const local = await withLogo(`${site.origin}/logo.png`, `${site.origin}/plain`);
    const none = await withLogo(null, `${site.origin}/plain`);
    const ours = await withLogo("/uploads/logos/0123456789abcdef0123456789abcdef.webp", `${site.origin}/plain`);
    const before = site.connections();
    const result = await sweepProductLogos(handle.db, { storage, services: [] });
    expect(result).toEqual({ stored: 0, failed: 1 });
    expect(site.connections()).toBe(before);
    expect(await product(local)).toMatchObject({ logo_url: `${site.origin}/logo.png`, last_error: "private address" });
    expect(await product(none)).toEqual({ logo_url: null, attempts: null, last_error: null, waiting: null });
    expect((await product(ours)).attempts).toBeNull();
  });

  it("lets an edit made during the fetch win", async () => {
    const id = await withLogo(`${site.origin}/logo.png`, `${site.origin}/plain`);
    const editing: SafeFetch = async (url, options) => {
      await handle.db.execute(sql`update products set logo_url = 'https://elsewhere.example/new.png' where id = ${id}`);
      return fetcher(url, options);
    };
    expect(await sweepProductLogos(handle.db, { storage, fetcher: editing, services })).toEqual({ stored: 1, failed: 0 });
    expect((await product(id)).logo_url).toBe("https://elsewhere.example/new.png");
  });

  it("runs as a background job on the job queue", async () => {
    const id = await withLogo(`${site.origin}/logo.png`, `${site.origin}/plain`);
    const queue = new InProcessJobQueue(handle.db);
    await queue.start();
    try {
      await queue.work(PRODUCT_LOGO_QUEUE, productLogoJobHandler(() => handle.db, { storage, fetcher, services }), { pollMs: 100 });
      const jobId = await queue.enqueue(PRODUCT_LOGO_QUEUE, {});
      await expect.poll(async () => (await queue.getJob(PRODUCT_LOGO_QUEUE, jobId))?.state, { timeout: 10_000 }).toBe("completed");
      expect((await product(id)).logo_url).toMatch(/^\/uploads\/logos\//);
    } finally {
      await queue.stop();
    }
  });
});
