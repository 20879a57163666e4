import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDirectory } from "./precompress";
import { chooseEncoding, durationSeconds, staticFiles } from "./static-files";

const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(base: string, urlPath: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(urlPath, base), { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

let root: string;
let base: string;
let server: http.Server;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-static-"));
  fs.mkdirSync(path.join(root, "assets"));
  fs.writeFileSync(path.join(root, "assets", "entry-abc.js"), script);
  fs.writeFileSync(path.join(root, "assets", "tiny-abc.js"), "export {};\n");
  fs.writeFileSync(path.join(root, "assets", "built-abc.css"), `.a{color:red}\n`.repeat(200));
  const app = express();
  app.use("/assets", staticFiles(path.join(root, "assets"), { immutable: true, maxAge: "1y" }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

describe("static files", () => {
  it("sends brotli to a browser that accepts it, with the file's type and a year of caching", async () => {
    const reply = await get(base, "/assets/entry-abc.js", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(reply.status).toBe(200);
    expect(reply.headers["content-encoding"]).toBe("br");
    expect(reply.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(reply.headers["cache-control"]).toBe("public, max-age=31557600, immutable");
    expect(reply.headers.vary).toBe("Accept-Encoding");
    expect(Number(reply.headers["content-length"])).toBeLessThan(script.length / 2);
    expect(zlib.brotliDecompressSync(reply.body).toString()).toBe(script);
  });

  it("sends gzip when brotli is not accepted, and the plain file when nothing is", async () => {
    const gzipped = await get(base, "/assets/entry-abc.js", { "Accept-Encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(script);

    const plain = await get(base, "/assets/entry-abc.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(plain.body.toString()).toBe(script);
  });

  it("answers a repeat visit's If-None-Match with 304", async () => {
    const first = await get(base, "/assets/built-abc.css", { "Accept-Encoding": "br" });
    const again = await get(base, "/assets/built-abc.css", { "Accept-Encoding": "br", "If-None-Match": first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
  });

  it("leaves files too small to gain from compression as they are", async () => {
    const reply = await get(base, "/assets/tiny-abc.js", { "Accept-Encoding": "br" });
    expect(reply.headers["content-encoding"]).toBeUndefined();
    expect(reply.body.toString()).toBe("export {};\n");
  });

  it("sends the copies written at build time, best quality, instead of compressing again", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-precompress-"));
    try {
      fs.writeFileSync(path.join(dir, "chunk.js"), script);
      fs.writeFileSync(path.join(dir, "logo.png"), Buffer.alloc(4096));
      expect(await precompressDirectory(dir)).toBe(1);
      expect(fs.readdirSync(dir).sort()).toEqual(["chunk.js", "chunk.js.br", "chunk.js.gz", "logo.png"]);
      // A marker body proves the server sent the file on disk.
      fs.writeFileSync(path.join(dir, "chunk.js.br"), zlib.brotliCompressSync("from disk"));
      const app = express().use(staticFiles(dir, { maxAge: "1h" }));
      const other = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => other.once("listening", resolve));
      try {
        const reply = await get(`http://127.0.0.1:${(other.address() as AddressInfo).port}`, "/chunk.js", { "Accept-Encoding": "br" });
        expect(reply.headers["cache-control"]).toBe("public, max-age=3600");
        expect(zlib.brotliDecompressSync(reply.body).toString()).toBe("from disk");
      } finally {
        await new Promise((resolve) => other.close(resolve));
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("falls through for missing files and paths that leave the directory", async () => {
    const missing = await get(base, "/assets/none.js", { "Accept-Encoding": "br" });
    expect(missing.status).toBe(404);
    const escape = await get(base, "/assets/..%2f..%2fetc%2fpasswd.js", { "Accept-Encoding": "br" });
    expect([403, 404]).toContain(escape.status);
  });
});

describe("chooseEncoding", () => {
  it("prefers brotli, honours q=0 and wildcards", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe("durationSeconds", () => {
  it("reads express.static's maxAge strings", () => {
    expect(durationSeconds("1h")).toBe(3600);
    expect(durationSeconds("1y")).toBe(31_557_600);
  });
});
