import fs from "node:fs";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LocalStorage } from "../storage/local.server";
import { largestIcoImage } from "./ico.server";
import { findIconLinks } from "./icon-links";
import { createSafeFetcher, FetchRefused, type SafeFetch } from "./safe-fetch.server";
import { fetchSiteLogo, LOGO_FETCH_FAILED_MESSAGE, LOGO_URL_REQUIRED_MESSAGE, normalizeLogo } from "./site-logo.server";
import { startTestSite, type TestSite } from "./test-server";

type Rgb = { r: number; g: number; b: number };
const RED = { r: 220, g: 20, b: 20 };
const BLUE = { r: 20, g: 20, b: 220 };
const GREEN = { r: 20, g: 200, b: 20 };

function square(size: number, background: Rgb) {
  return sharp({ create: { width: size, height: size, channels: 4, background: { ...background, alpha: 1 } } });
}

/** An .ico whose directory holds a 16 px PNG and a 48 px 32-bit BMP (the one to pick). */
async function icoFile(): Promise<Buffer> {
  const png = await square(16, BLUE).png().toBuffer();
  const size = 48;
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(size, 4);
  header.writeInt32LE(size * 2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  const pixels = Buffer.alloc(size * size * 4);
  for (let i = 0; i < size * size; i++) pixels.set([GREEN.b, GREEN.g, GREEN.r, 255], i * 4);
  const mask = Buffer.alloc(8 * size);
  const bmp = Buffer.concat([header, pixels, mask]);

  const directory = Buffer.alloc(6 + 2 * 16);
  directory.writeUInt16LE(1, 2);
  directory.writeUInt16LE(2, 4);
  const entries = [
    { width: 16, bits: 32, data: png },
    { width: size, bits: 32, data: bmp },
  ];
  let offset = directory.length;
  entries.forEach((entry, index) => {
    const at = 6 + index * 16;
    directory.writeUInt8(entry.width, at);
    directory.writeUInt8(entry.width, at + 1);
    directory.writeUInt16LE(1, at + 4);
    directory.writeUInt16LE(entry.bits, at + 6);
    directory.writeUInt32LE(entry.data.length, at + 8);
    directory.writeUInt32LE(offset, at + 12);
    offset += entry.data.length;
  });
  return Buffer.concat([directory, png, bmp]);
}

/** The stored file's size, format, metadata and centre colour, as a visitor's browser would get it. */
async function inspectStored(root: string, url: string) {
  const bytes = fs.readFileSync(path.join(root, url.replace(/^\/uploads\//, "")));
  const metadata = await sharp(bytes).metadata();
  const { data } = await sharp(bytes).extract({ left: 60, top: 60, width: 1, height: 1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { metadata, centre: { r: data[0]!, g: data[1]!, b: data[2]! } };
}

function expectColour(actual: Rgb, expected: Rgb) {
  for (const channel of ["r", "g", "b"] as const) expect(Math.abs(actual[channel] - expected[channel])).toBeLessThan(20);
}

let good: TestSite; // declares icons in its page
let plain: TestSite; // no icons in the page: /favicon.ico
let bad: TestSite; // only things that are not acceptable images
let root: string;
let storage: LocalStorage;
let fetcher: SafeFetch;

function html(head: string) {
  return `<!doctype html><html><head><title>Site</title>${head}</head><body>Hello</body></html>`;
}

function serve(routes: Record<string, { type: string; body: string | Buffer }>): http.RequestListener {
  return (request, response) => {
    const route = routes[new URL(request.url ?? "/", "http://x").pathname];
    if (!route) return void response.writeHead(404).end();
    response.writeHead(200, { "Content-Type": route.type }).end(route.body);
  };
}

beforeAll(async () => {
  const exifJpeg = await square(300, RED)
    .jpeg()
    .withExif({ IFD0: { Copyright: "secret maker", Artist: "someone" } })
    .toBuffer();
  good = await startTestSite(
    serve({
      "/": {
        type: "text/html",
        body: html(
          `<!-- <link rel="apple-touch-icon" href="/commented-out.png"> -->` +
            `<link rel="icon" href="/favicon-16.png" sizes="16x16">` +
            `<link rel="icon" type="image/svg+xml" href="/logo.svg">` +
            `<link rel="apple-touch-icon" href="assets/touch.jpg?v=1&amp;x=2">`,
        ),
      },
      "/favicon-16.png": { type: "image/png", body: await square(16, BLUE).png().toBuffer() },
      "/assets/touch.jpg": { type: "image/jpeg", body: exifJpeg },
    }),
  );
  plain = await startTestSite(
    serve({
      "/": { type: "text/html", body: html("") },
      "/favicon.ico": { type: "image/x-icon", body: await icoFile() },
    }),
  );
  bad = await startTestSite(
    serve({
      "/": { type: "text/html", body: html(`<link rel="shortcut icon" href="/fake.png">`) },
      "/fake.png": { type: "image/png", body: "<html><script>alert(1)</script></html>" },
      // An SVG served as an icon: refused by content, whatever the declared type.
      "/favicon.ico": { type: "image/x-icon", body: `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64"/></svg>` },
    }),
  );
  root = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-logos-"));
  storage = new LocalStorage(root);
  fetcher = createSafeFetcher({ testOnlyAllowLoopbackPorts: [good.port, plain.port, bad.port] });
});

afterAll(async () => {
  await Promise.all([good.close(), plain.close(), bad.close()]);
  fs.rmSync(root, { recursive: true, force: true });
});

describe("fetchSiteLogo", () => {
  it("stores the page's apple-touch-icon (relative URL) as a 128 x 128 WebP without metadata", async () => {
    const result = await fetchSiteLogo(`${good.origin}/`, storage, { fetcher });
    expect(result).toMatchObject({ ok: true, source: `${good.origin}/assets/touch.jpg?v=1&x=2` });
    if (!result.ok) return;
    expect(result.url).toMatch(/^\/uploads\/logos\/[0-9a-f]{32}\.webp$/);
    const { metadata, centre } = await inspectStored(root, result.url);
    expect(metadata).toMatchObject({ format: "webp", width: 128, height: 128 });
    expect(metadata.exif).toBeUndefined();
    expectColour(centre, RED);
    // The SVG and the commented-out icon were never requested.
    expect(good.requests).not.toContain("/logo.svg");
    expect(good.requests).not.toContain("/commented-out.png");
  });

  it("falls back to /favicon.ico and uses its largest image (a BMP entry)", async () => {
    const result = await fetchSiteLogo(plain.origin, storage, { fetcher });
    expect(result).toMatchObject({ ok: true, source: `${plain.origin}/favicon.ico` });
    if (!result.ok) return;
    const { metadata, centre } = await inspectStored(root, result.url);
    expect(metadata).toMatchObject({ format: "webp", width: 128, height: 128 });
    expectColour(centre, GREEN);
  });

  it("refuses non-image bytes with an image type, and SVG, with the spec's message and a placeholder", async () => {
    const put = vi.spyOn(storage, "putObject");
    const result = await fetchSiteLogo(`${bad.origin}/`, storage, { fetcher });
    expect(result).toMatchObject({ ok: false, message: LOGO_FETCH_FAILED_MESSAGE, reason: "not an image", placeholder: { letter: "1" } });
    expect(bad.requests).toEqual(expect.arrayContaining(["/fake.png", "/favicon.ico"]));
    expect(put).not.toHaveBeenCalled();
    put.mockRestore();
  });

  it("without the test allowance, the local site is refused and nothing is stored", async () => {
    const before = good.connections();
    const put = vi.spyOn(storage, "putObject");
    const result = await fetchSiteLogo(`${good.origin}/`, storage);
    expect(result).toMatchObject({ ok: false, message: LOGO_FETCH_FAILED_MESSAGE, reason: "private address" });
    expect(good.connections()).toBe(before);
    expect(put).not.toHaveBeenCalled();
    put.mockRestore();
  });

  it("asks for a URL when the input is empty", async () => {
    const spy = vi.fn<SafeFetch>();
    expect(await fetchSiteLogo("   ", storage, { fetcher: spy })).toMatchObject({ ok: false, message: LOGO_URL_REQUIRED_MESSAGE });
    expect(spy).not.toHaveBeenCalled();
  });

  it("adds https:// to a bare domain, and gives a letter placeholder when nothing works", async () => {
    const spy = vi.fn<SafeFetch>(async (url) => Promise.reject(new FetchRefused("dns failure", String(url))));
    const result = await fetchSiteLogo("www.notion.so", storage, { fetcher: spy });
    expect(spy.mock.calls.map(([url]) => String(url))).toEqual(["https://www.notion.so/", "https://www.notion.so/favicon.ico"]);
    expect(result).toMatchObject({ ok: false, message: LOGO_FETCH_FAILED_MESSAGE, placeholder: { letter: "N" } });
    if (!result.ok) expect(result.placeholder?.svg).toMatch(/^<svg [^>]*>.*>N<\/text><\/svg>$/);
  });
});

describe("normalizeLogo", () => {
  it.each([
    ["text", Buffer.from("hello, I am not a picture")],
    ["an SVG", Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>`)],
    ["a truncated PNG", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
  ])("refuses %s", async (_name, bytes) => {
    expect(await normalizeLogo(bytes)).toBeNull();
  });
});

describe("largestIcoImage", () => {
  /** An ICO header with one entry of `size` bytes right after it, `side` pixels square (0 stands for 256). */
  function icoDirectory(size: number, side = 0) {
    const directory = Buffer.alloc(22);
    directory.writeUInt16LE(1, 2);
    directory.writeUInt16LE(1, 4);
    directory.writeUInt8(side, 6);
    directory.writeUInt8(side, 7);
    directory.writeUInt32LE(size, 14);
    directory.writeUInt32LE(22, 18);
    return directory;
  }

  it("decodes a 24-bit BMP entry with its transparency mask", () => {
    const header = Buffer.alloc(40);
    header.writeUInt32LE(40, 0);
    header.writeInt32LE(2, 4);
    header.writeInt32LE(4, 8);
    header.writeUInt16LE(1, 12);
    header.writeUInt16LE(24, 14);
    // Rows are stored bottom-up, BGR, padded to 4 bytes: bottom row red, red; top row blue, blue.
    const rows = Buffer.from([0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 0, 0]);
    // Mask: bottom row fully opaque, top row's second pixel transparent.
    const mask = Buffer.from([0, 0, 0, 0, 0b01000000, 0, 0, 0]);
    const bmp = Buffer.concat([header, rows, mask]);
    const image = largestIcoImage(Buffer.concat([icoDirectory(bmp.length, 2), bmp]));
    expect(image).toMatchObject({ kind: "raw", width: 2, height: 2 });
    if (image?.kind !== "raw") return;
    // RGBA, top row first: blue, transparent blue; red, red.
    expect([...image.data]).toEqual([0, 0, 255, 255, 0, 0, 255, 0, 255, 0, 0, 255, 255, 0, 0, 255]);
  });

  it("refuses an entry that points past the end of the file", () => {
    expect(largestIcoImage(icoDirectory(1000))).toBeNull();
  });
});

describe("findIconLinks", () => {
  const page = "https://tool.example/app/index.html";

  it("orders by size, prefers apple-touch-icon on ties, resolves relative URLs, skips SVG and other schemes", () => {
    const links = findIconLinks(
      html(
        `<link rel="icon" href="/16.png"><LINK REL="Shortcut Icon" HREF='fav.ico'>` +
          `<link href=/192.png rel=icon sizes=192x192>` +
          `<link rel="apple-touch-icon-precomposed" href="//cdn.example/touch.png">` +
          `<link rel="icon" href="/logo.svg"><link rel="mask-icon" href="/pin.png">` +
          `<link rel="icon" href="javascript:alert(1)"><link rel="stylesheet" href="/x.css">`,
      ),
      page,
    );
    expect(links).toEqual(["https://tool.example/192.png", "https://cdn.example/touch.png", "https://tool.example/16.png", "https://tool.example/app/fav.ico"]);
  });

  it("resolves against <base href>", () => {
    expect(findIconLinks(html(`<base href="https://static.example/s/"><link rel="icon" href="i.png">`), page)).toEqual(["https://static.example/s/i.png"]);
  });
});
