import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, gzipPage, gzipWithNonce, nonceCrc } from "./html-gzip";

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
  it("decompresses, with any standard gunzip, to the page with each copy's own nonce, much smaller", () => {
    const original = page(NONCE);
    const gzip = gzipPage(original, offsets(original, NONCE), NONCE.length);
    expect(zlib.gunzipSync(gzip.bytes).equals(original)).toBe(true);
    for (const nonce of ["bWFkZSB1cCBub25jZSAxMg==", "c2Vjb25kIG5vbmNlIGhlcmU=", NONCE]) {
      const gzipped = gzipWithNonce(gzip, nonce);
      expect(zlib.gunzipSync(gzipped).toString()).toBe(page(nonce).toString());
      expect(gzipped.byteLength).toBeLessThan(original.byteLength / 5);
    }
  });

  it("handles a page without a nonce and one that starts or ends with it", () => {
    const plain = Buffer.from("<p>no scripts</p>".repeat(200));
    expect(zlib.gunzipSync(gzipWithNonce(gzipPage(plain, [], NONCE.length), "")).equals(plain)).toBe(true);
    const edges = Buffer.from(`${NONCE}middle${NONCE}`);
    const nonce = "ZWRnZXMgb2YgdGhlIHBhZ2U=";
    const gzipped = gzipWithNonce(gzipPage(edges, [0, NONCE.length + 6], NONCE.length), nonce);
    expect(zlib.gunzipSync(gzipped).toString()).toBe(`${nonce}middle${nonce}`);
  });

  it("refuses a nonce of another length rather than send a broken page", () => {
    const original = page(NONCE);
    const gzip = gzipPage(original, offsets(original, NONCE), NONCE.length);
    expect(() => gzipWithNonce(gzip, "short")).toThrow();
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
