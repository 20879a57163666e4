import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServerApp } from "./app";
import { bufferedBody, limitBody } from "./body-limit";
import { hasBadEscapes, rejectMalformedUrl, rejectUnusableBodies } from "./input-guards";

const CAP = 64 * 1024;
const UPLOAD_CAP = 256 * 1024;

/** The guards as createServerApp mounts them, in front of a route that echoes what it was handed. */
function guardedEcho() {
  const app = express();
  app.use(rejectMalformedUrl, limitBody({ maxBytes: CAP, uploadBytes: UPLOAD_CAP }), rejectUnusableBodies);
  app.use((req, res) => {
    res.json({ bytes: bufferedBody(req)?.byteLength ?? null });
  });
  return app;
}

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { port, base: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

interface Outcome {
  status: number;
  connection: string | undefined;
  body: string;
  /** Bytes of the body the client had written when the answer came. */
  sentBeforeAnswer: number;
  /** Whether the server closed the connection after answering. */
  closed: boolean;
}

/**
 * Posts a chunked body of `total` bytes, 64 KB at a time, but stops writing once `pauseAfter`
 * bytes are out until an answer arrives: a server that waited for the whole body would never answer.
 */
function postChunked(port: number, path: string, type: string, total: number, pauseAfter: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({ port, host: "127.0.0.1", path, method: "POST", headers: { "Content-Type": type, "Transfer-Encoding": "chunked" } });
    req.on("error", () => {}); // The server closing on us mid-body is the expected ending.
    req.on("response", (res) => {
      answered = true;
      const sentBeforeAnswer = sent;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => {
        const socket = req.socket!;
        const done = () => resolve({ status: res.statusCode!, connection: res.headers.connection, body, sentBeforeAnswer, closed: true });
        if (socket.destroyed) done();
        else socket.once("close", done);
      });
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (!answered && sent < Math.min(total, pauseAfter)) {
        sent += chunk.byteLength;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (sent >= total) req.end();
    };
    pump();
    setTimeout(() => !answered && reject(new Error(`no answer after ${sent} bytes`)), 10_000).unref();
  });
}

describe("the body cap", () => {
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => (server = await listen(guardedEcho())));
  afterAll(() => server.close());

  it("answers a chunked 10 MB body with 413 after reading little more than the cap, then closes the connection", async () => {
    const outcome = await postChunked(server.port, "/login", "application/x-www-form-urlencoded", 10 * 1024 * 1024, 1024 * 1024);
    expect(outcome.status).toBe(413);
    expect(outcome.connection).toBe("close");
    expect(outcome.body).toContain("The request body is larger than 64 KB.");
    expect(outcome.sentBeforeAnswer).toBeLessThanOrEqual(1024 * 1024);
    expect(outcome.closed).toBe(true);
  });

  it("refuses a declared Content-Length over the cap without reading the body", async () => {
    const outcome = await new Promise<{ status: number; body: string }>((resolve) => {
      const req = http.request({
        port: server.port,
        host: "127.0.0.1",
        path: "/api/v1/products/1/feedback",
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": String(CAP + 1) },
      });
      req.on("error", () => {});
      // Nothing of the body is sent: the answer must come from the header alone.
      req.flushHeaders();
      req.on("response", (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      });
    });
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body)).toEqual({ error: { message: "The request body is larger than 64 KB." } });
  });

  it("hands a body within the cap to the route whole", async () => {
    const form = `comment=${"x".repeat(CAP - 100)}`;
    const response = await fetch(`${server.base}/login`, { method: "POST", body: form, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(await response.json()).toEqual({ bytes: form.length });
  });

  it("allows the larger upload cap on the avatar form only", async () => {
    const body = `--x\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${"\0".repeat(200 * 1024)}\r\n--x--\r\n`;
    const type = "multipart/form-data; boundary=x";
    const upload = await fetch(`${server.base}/profile?tab=edit`, { method: "POST", body, headers: { "Content-Type": type } });
    // NUL bytes inside a file are content, not a text value.
    expect(await upload.json()).toEqual({ bytes: Buffer.byteLength(body) });
    const elsewhere = await fetch(`${server.base}/onboarding`, { method: "POST", body, headers: { "Content-Type": type } });
    expect(elsewhere.status).toBe(413);
    const outcome = await postChunked(server.port, "/profile.data", type, 10 * 1024 * 1024, 1024 * 1024);
    expect(outcome.status).toBe(413);
    expect(outcome.body).toContain("larger than 256 KB");
  });
});

describe("bad input", () => {
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => (server = await listen(guardedEcho())));
  afterAll(() => server.close());

  it("refuses NUL and bytes that are not UTF-8 in any path segment or query parameter", async () => {
    for (const path of ["/niche/dev%00", "/search?q=a%00b", "/tag/%ED%A0%80", "/search?q=%ED%A0%80", "/niche/%uD800", "/api/v1/products?niche=%C3"]) {
      const response = await fetch(`${server.base}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.text(), path).toContain("This address is malformed.");
    }
    for (const path of ["/search?q=%E6%97%A5%E6%9C%AC%E8%AA%9E", "/search?q=%C3%BC", "/search?q=100%", "/search?q=%uD800"]) {
      expect((await fetch(`${server.base}${path}`)).status, path).toBe(200);
    }
  });

  it("tells NUL escapes and invalid UTF-8 apart from text", () => {
    expect(hasBadEscapes("/a%00")).toBe(true);
    expect(hasBadEscapes("/a?b=%ED%A0%80")).toBe(true);
    expect(hasBadEscapes("/a?b=%F0%9F%98%80&c=%25")).toBe(false);
  });

  it("answers 415 to a page write that is not a form, naming what it accepts", async () => {
    for (const type of ["application/json", "text/plain"]) {
      const response = await fetch(`${server.base}/login`, { method: "POST", body: "{}", headers: { "Content-Type": type } });
      expect(response.status).toBe(415);
      expect(await response.text()).toContain("This page accepts forms only");
    }
    // The API takes JSON.
    const api = await fetch(`${server.base}/api/v1/products/1/feedback`, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    expect(api.status).toBe(200);
  });

  it("refuses a NUL in a form field or a JSON string, and a form that does not parse", async () => {
    const refusals: [string, string, string, string][] = [
      ["/login", "application/x-www-form-urlencoded", "email=a%00b", "The form contains a NUL character."],
      ["/onboarding", "multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="username"\r\n\r\na\0b\r\n--x--\r\n', "The form contains a NUL character."],
      ["/login", "multipart/form-data; boundary=x", "not multipart", "The form could not be read."],
      ["/api/auth/sign-in/email", "application/json", '{"email":"a\\u0000b"}', "The JSON body contains a NUL character or a lone surrogate."],
      ["/api/v1/products/1/feedback", "application/json", '{"comment":["\\ud800"]}', "The JSON body contains a NUL character or a lone surrogate."],
      ["/api/v1/products/1/feedback", "application/json", '{"\\udc00":1}', "The JSON body contains a NUL character or a lone surrogate."],
    ];
    for (const [path, type, body, message] of refusals) {
      const response = await fetch(`${server.base}${path}`, { method: "POST", body, headers: { "Content-Type": type } });
      expect(response.status, body).toBe(400);
      expect(await response.text(), body).toContain(message);
    }
    // An escaped backslash before "u0000" is text, and so is a character outside the BMP (a surrogate pair).
    for (const body of ['{"email":"a\\\\u0000b"}', '{"comment":"\\ud83d\\ude00 日本語"}']) {
      const fine = await fetch(`${server.base}/api/v1/products/1/feedback`, { method: "POST", body, headers: { "Content-Type": "application/json" } });
      expect(fine.status, body).toBe(200);
    }
  });
});

describe("createServerApp", () => {
  it("mounts the guards before any route reads the body", async () => {
    const app = createServerApp({ mode: "production", build: () => Promise.reject(new Error("no pages in this test")) });
    const server = await listen(app);
    try {
      const outcome = await postChunked(server.port, "/api/auth/sign-out", "application/json", 10 * 1024 * 1024, 1024 * 1024);
      expect(outcome.status).toBe(413);
      expect(JSON.parse(outcome.body)).toEqual({ error: { message: "The request body is larger than 64 KB." } });
      expect((await fetch(`${server.base}/niche/dev%00`)).status).toBe(400);
      expect((await fetch(`${server.base}/login`, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } })).status).toBe(415);
    } finally {
      await server.close();
    }
  });
});
