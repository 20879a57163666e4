import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsGzip, gzipCopies, nonceCrc } from "./html-gzip";
import type { NonceCopies } from "./page-cache";

const NONCE = "AAAAAAAAAAAAAAAAAAAAAA==";

function page(nonce: string) {
  const script = `<script nonce="${nonce}">window.x=1</script>`;
  return Buffer.from(`<!DOCTYPE html><html><head>${script}</head><body>${"<p>Grüße, 日本</p>".repeat(500)}${script}</body></html>`);
}

function offsets(body: Buffer, nonce: string) {
  const found: number[] = [];
  for (let at = body.indexOf(nonce); at !== -1; at = body.indexOf(nonce, at + nonce.length)) found.push(at);
  return found;
}

describe("gzip with a fresh nonce per copy", () => {
  // Each copy goes out as the page cache sends it: through a real server, as the raw gzip bytes.
  let send: { copies: NonceCopies; nonce: string } | undefined;
  const server = http.createServer((_req, res) => {
    try {
      send!.copies.end(res, send!.nonce);
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  let url = "";
  beforeAll(async () => {
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  async function sent(copies: NonceCopies, nonce: string) {
    send = { copies, nonce };
    const response = await fetch(url);
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  it("decompresses, with any standard gunzip, to the page with each copy's own nonce, much smaller", async () => {
    const original = page(NONCE);
    const copies = gzipCopies(original, offsets(original, NONCE));
    expect(zlib.gunzipSync(copies.original).equals(original)).toBe(true);
    for (const nonce of ["bWFkZSB1cCBub25jZSAxMg==", "c2Vjb25kIG5vbmNlIGhlcmU=", NONCE, "bWFkZSB1cCBub25jZSAxMg=="]) {
      const { bytes } = await sent(copies, nonce);
      expect(zlib.gunzipSync(bytes).toString()).toBe(page(nonce).toString());
      expect(bytes.byteLength).toBeLessThan(original.byteLength / 5);
    }
  });

  it("handles a page without a nonce and one that starts or ends with it", async () => {
    const plain = Buffer.from("<p>no scripts</p>".repeat(200));
    expect(zlib.gunzipSync((await sent(gzipCopies(plain, []), NONCE)).bytes).equals(plain)).toBe(true);
    const edges = Buffer.from(`${NONCE}middle${NONCE}`);
    const nonce = "ZWRnZXMgb2YgdGhlIHBhZ2U=";
    const { bytes } = await sent(gzipCopies(edges, [0, NONCE.length + 6]), nonce);
    expect(zlib.gunzipSync(bytes).toString()).toBe(`${nonce}middle${nonce}`);
  });

  it("refuses a nonce of another length rather than send a broken page", async () => {
    const original = page(NONCE);
    const { status } = await sent(gzipCopies(original, offsets(original, NONCE)), "short");
    expect(status).toBe(500);
  });
});

describe("nonceCrc", () => {
  it("gives the CRC-32 that zlib computes over the whole page, for any nonce, wherever the nonces stand", () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const randomNonce = () => `${Array.from({ length: 22 }, () => alphabet[Math.floor(Math.random() * 64)]).join("")}==`;
    const pages = [
      `${NONCE}`,
      `${NONCE}${NONCE}`,
      `<p>${NONCE}</p>`,
      `${"a".repeat(70_000)}${NONCE}${"b".repeat(3)}${NONCE}${"c".repeat(40_000)}${NONCE}`,
      `${NONCE}${"日本".repeat(5_000)}${NONCE}x`,
    ];
    for (const text of pages) {
      const body = Buffer.from(text);
      const crc = nonceCrc(body, offsets(body, NONCE), NONCE.length);
      for (const nonce of [NONCE, randomNonce(), randomNonce(), randomNonce()]) {
        expect(crc(nonce)).toBe(zlib.crc32(Buffer.from(text.replaceAll(NONCE, nonce))));
      }
    }
  });
});

describe("acceptsGzip", () => {
  it("reads Accept-Encoding as browsers and proxies send it", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("br, *;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("")).toBe(false);
  });
});
