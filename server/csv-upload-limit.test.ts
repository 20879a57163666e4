/** The CSV upload's body (decision 042): streamed to its route, not buffered, with its own cap. */
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bufferedBody, CSV_UPLOAD_PATH, limitBody, streamedBody } from "./body-limit";
import { rejectMalformedUrl, rejectUnusableBodies } from "./input-guards";

const CAP = 64 * 1024;
const CSV_CAP = 512 * 1024;

/** The guards in front of a route that reads the streamed body, as the upload route does, and says what it got. */
function app() {
  const server = express();
  server.use(rejectMalformedUrl, limitBody({ maxBytes: CAP, uploadBytes: CAP, csvUploadBytes: CSV_CAP, bodyTimeoutMs: 1_000 }), rejectUnusableBodies);
  server.use(async (req, res) => {
    const stream = streamedBody(req);
    if (!stream) return void res.json({ buffered: bufferedBody(req)?.byteLength ?? null });
    let bytes = 0;
    let peak = 0;
    try {
      for await (const chunk of stream) {
        bytes += (chunk as Buffer).byteLength;
        peak = Math.max(peak, (chunk as Buffer).byteLength);
      }
      res.status(201).json({ streamed: bytes, peak });
    } catch (error) {
      const status = (error as { status?: number }).status ?? 500;
      res.status(status).json({ error: (error as Error).message, after: bytes });
    }
  });
  return server;
}

let port = 0;
let close: () => Promise<unknown>;
beforeAll(async () => {
  const server = http.createServer(app());
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  close = () => new Promise((resolve) => server.close(resolve));
});
afterAll(() => close());

function post(path: string, headers: Record<string, string>, total: number, pauseAfter = Infinity) {
  return new Promise<{ status: number; body: string; connection?: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({ port, host: "127.0.0.1", path, method: "POST", headers });
    req.on("error", () => {});
    req.on("response", (res) => {
      answered = true;
      const at = sent;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, body, connection: res.headers.connection, sent: at }));
    });
    const chunk = Buffer.alloc(16 * 1024, "a");
    const pump = () => {
      while (!answered && sent < Math.min(total, pauseAfter)) {
        sent += chunk.byteLength;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (sent >= total) req.end();
    };
    if (total === 0) req.flushHeaders();
    else pump();
    setTimeout(() => !answered && reject(new Error(`no answer after ${sent} bytes`)), 10_000).unref();
  });
}

describe("the CSV upload body", () => {
  it("streams a body larger than the general cap to the route, in chunks, without buffering it", async () => {
    const total = 400 * 1024;
    const result = await post(CSV_UPLOAD_PATH, { "Content-Type": "text/csv", "Content-Length": String(total) }, total);
    expect(result.status).toBe(201);
    const body = JSON.parse(result.body) as { streamed: number; peak: number };
    expect(body.streamed).toBe(total);
    expect(body.peak).toBeLessThan(total);
  });

  it("refuses a declared size over its cap with 413 before reading anything", async () => {
    const result = await post(CSV_UPLOAD_PATH, { "Content-Type": "text/csv", "Content-Length": String(CSV_CAP + 1) }, 0);
    expect(result.status).toBe(413);
    expect(result.body).toContain("The request body is larger than 512 KB.");
    expect(result.connection).toBe("close");
  });

  it("stops a chunked body once it passes the cap: the route answers 413 and the connection closes", async () => {
    const result = await post(CSV_UPLOAD_PATH, { "Content-Type": "text/csv", "Transfer-Encoding": "chunked" }, 20 * 1024 * 1024, 2 * 1024 * 1024);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ error: "The file is larger than 512 KB." });
    expect(result.sent).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(result.connection).toBe("close");
  });

  it("answers a form body still trickling in after its deadline with 408 and a message, and closes the connection", async () => {
    // 1 KB of a 4 KB body, then nothing more: Node's own requestTimeout (a backstop) would answer a bare 408 much later.
    const answer = await new Promise<string>((resolve) => {
      let received = "";
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write(`POST /admin/products/new HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 4096\r\n\r\n`);
        socket.write("a".repeat(1024));
      });
      socket.on("data", (chunk) => (received += chunk.toString()));
      socket.on("error", () => {});
      socket.on("close", () => resolve(received));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer).toContain("The request took too long to arrive.");
  });

  it("keeps buffering every other route under the general cap", async () => {
    const other = await post("/admin/products/new", { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(CAP + 1) }, 0);
    expect(other.status).toBe(413);
    const get = await fetch(`http://127.0.0.1:${port}${CSV_UPLOAD_PATH}`);
    expect(await get.json()).toEqual({ buffered: null });
  });
});
