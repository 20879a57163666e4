import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../env.server";
import { assertValidKey } from "./keys";
import { LocalStorage } from "./local.server";
import { S3Storage } from "./s3.server";
import { serveUploads } from "./serve-uploads.server";
import { storageFromEnv, uploadsDirectory } from "./storage.server";

const bytes = new Uint8Array(crypto.randomBytes(300));

describe("storage keys", () => {
  it.each(["../secret", "avatars/../../etc/passwd", "/abs", "", "a//b", "a/./b", ".hidden", "a b", "a\\b", "ünï"])("refuses %j", (key) => {
    expect(() => assertValidKey(key)).toThrow(/Invalid storage key/);
  });

  it("accepts plain paths", () => {
    expect(() => assertValidKey("avatars/user_1-x/0a1b.webp")).not.toThrow();
  });
});

describe("local storage", () => {
  let root: string;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-uploads-"));
    const app = express();
    app.use("/uploads", serveUploads(root));
    app.use((_req, res) => void res.status(404).send("page handler"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("writes under the root, answers /uploads/<key>, and Express serves it with long caching and nosniff", async () => {
    const storage = new LocalStorage(root);
    const url = await storage.putObject("avatars/u1/abc.webp", bytes, "image/webp");
    expect(url).toBe("/uploads/avatars/u1/abc.webp");
    expect(new Uint8Array(fs.readFileSync(path.join(root, "avatars/u1/abc.webp")))).toEqual(bytes);
    expect(fs.readdirSync(path.join(root, "avatars/u1"))).toEqual(["abc.webp"]);

    const response = await fetch(`${base}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it("lists no directories, serves no dot files, and leaves unknown files to the page handler", async () => {
    fs.writeFileSync(path.join(root, ".env"), "SECRET=1");
    for (const url of ["/uploads/avatars/u1/", "/uploads/avatars", "/uploads/.env", "/uploads/missing.webp"]) {
      const response = await fetch(`${base}${url}`, { redirect: "manual" });
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).toBe("page handler");
    }
  });

  it("knows its own URLs and deletes (a missing file is fine)", async () => {
    const storage = new LocalStorage(root);
    const url = await storage.putObject("avatars/u2/x.webp", bytes, "image/webp");
    expect(storage.keyFromUrl(url)).toBe("avatars/u2/x.webp");
    expect(storage.keyFromUrl("https://lh3.googleusercontent.com/a/photo")).toBeNull();
    expect(storage.keyFromUrl("/uploads/../etc/passwd")).toBeNull();
    await storage.deleteObject("avatars/u2/x.webp");
    expect(fs.existsSync(path.join(root, "avatars/u2/x.webp"))).toBe(false);
    await expect(storage.deleteObject("avatars/u2/x.webp")).resolves.toBeUndefined();
    await expect(storage.putObject("../outside.webp", bytes, "image/webp")).rejects.toThrow(/Invalid storage key/);
  });
});

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A stand-in S3 endpoint: records each request and answers with the next queued status. */
async function fakeS3(statuses: number[] = []) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.shift() ?? (req.method === "DELETE" ? 204 : 200);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { endpoint, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

const SECRET = "test-secret-key-0123456789";

/** Checks an AWS Signature Version 4 the way S3 does, from what arrived on the wire. */
function verifySigV4(request: Received, secret: string, region: string): boolean {
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
    String(request.headers.authorization),
  );
  if (!match) return false;
  const [, , date, signedRegion, signedHeaders, signature] = match;
  const amzDate = String(request.headers["x-amz-date"]);
  const [pathname, query = ""] = request.url.split("?");
  const canonicalHeaders = signedHeaders!
    .split(";")
    .map((name) => `${name}:${String(request.headers[name]).trim()}\n`)
    .join("");
  const canonicalRequest = [request.method, pathname, query, canonicalHeaders, signedHeaders, request.headers["x-amz-content-sha256"]].join("\n");
  const scope = `${date}/${signedRegion}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, crypto.createHash("sha256").update(canonicalRequest).digest("hex")].join("\n");
  const hmac = (key: crypto.BinaryLike, value: string) => crypto.createHmac("sha256", key).update(value).digest();
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), signedRegion!), "s3"), "aws4_request");
  return signedRegion === region && crypto.createHmac("sha256", key).update(toSign).digest("hex") === signature;
}

describe("S3-compatible storage", () => {
  it("PUTs path-style with a valid SigV4 signature and answers the public URL", async () => {
    const s3 = await fakeS3();
    try {
      const storage = new S3Storage({
        endpoint: s3.endpoint,
        bucket: "toolnest-test",
        region: "eu-test-1",
        accessKeyId: "AKIDTEST",
        secretAccessKey: SECRET,
        publicUrl: null,
      });
      const url = await storage.putObject("avatars/u1/abc.webp", bytes, "image/webp");
      expect(url).toBe(`${s3.endpoint}/toolnest-test/avatars/u1/abc.webp`);
      const [put] = s3.received;
      expect(put).toMatchObject({ method: "PUT", url: "/toolnest-test/avatars/u1/abc.webp" });
      expect(put!.headers["content-type"]).toBe("image/webp");
      expect(new Uint8Array(put!.body)).toEqual(bytes);
      expect(put!.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-test-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
      );
      expect(put!.headers.authorization).toContain("x-amz-date");
      expect(put!.headers["x-amz-content-sha256"]).toBe(crypto.createHash("sha256").update(bytes).digest("hex"));
      expect(verifySigV4(put!, SECRET, "eu-test-1")).toBe(true);
      expect(verifySigV4(put!, "another-secret", "eu-test-1")).toBe(false);
      expect(storage.keyFromUrl(url)).toBe("avatars/u1/abc.webp");
    } finally {
      await s3.close();
    }
  });

  it("DELETEs signed, tolerates a missing object, and reports a failure", async () => {
    const s3 = await fakeS3([204, 404, 403]);
    try {
      const storage = new S3Storage({
        endpoint: `${s3.endpoint}/`,
        bucket: "b",
        region: "us-east-1",
        accessKeyId: "AKIDTEST",
        secretAccessKey: SECRET,
        publicUrl: "https://cdn.example.com/avatars-bucket/",
      });
      await storage.deleteObject("avatars/u1/abc.webp");
      await storage.deleteObject("avatars/u1/gone.webp");
      await expect(storage.deleteObject("avatars/u1/locked.webp")).rejects.toThrow(/403/);
      expect(s3.received.map((r) => `${r.method} ${r.url}`)).toEqual([
        "DELETE /b/avatars/u1/abc.webp",
        "DELETE /b/avatars/u1/gone.webp",
        "DELETE /b/avatars/u1/locked.webp",
      ]);
      expect(s3.received.every((r) => verifySigV4(r, SECRET, "us-east-1"))).toBe(true);
      expect(storage.keyFromUrl("https://cdn.example.com/avatars-bucket/avatars/u1/abc.webp")).toBe("avatars/u1/abc.webp");
      expect(storage.keyFromUrl(`${s3.endpoint}/b/avatars/u1/abc.webp`)).toBeNull();
    } finally {
      await s3.close();
    }
  });

  it("a refused PUT is an error, not a URL", async () => {
    const s3 = await fakeS3([403]);
    try {
      const storage = new S3Storage({ endpoint: s3.endpoint, bucket: "b", region: "us-east-1", accessKeyId: "A", secretAccessKey: SECRET, publicUrl: null });
      await expect(storage.putObject("avatars/u/x.webp", bytes, "image/webp")).rejects.toThrow(/403/);
    } finally {
      await s3.close();
    }
  });
});

describe("choosing the storage from the configuration", () => {
  it("uses DATA_DIR/uploads by default and S3 when S3_BUCKET is set", () => {
    const local = parseEnv({ DATA_DIR: "/srv/toolnest" });
    expect(uploadsDirectory(local)).toBe(path.join("/srv/toolnest", "uploads"));
    const chosen = storageFromEnv(local);
    expect(chosen).toBeInstanceOf(LocalStorage);
    expect((chosen as LocalStorage).root).toBe(path.join("/srv/toolnest", "uploads"));

    const s3 = storageFromEnv(
      parseEnv({ S3_BUCKET: "media", S3_ENDPOINT: "https://minio.example.com", S3_ACCESS_KEY_ID: "A", S3_SECRET_ACCESS_KEY: "B" }),
    );
    expect(s3).toBeInstanceOf(S3Storage);
    expect(s3.keyFromUrl("https://minio.example.com/media/avatars/u/x.webp")).toBe("avatars/u/x.webp");
  });
});
