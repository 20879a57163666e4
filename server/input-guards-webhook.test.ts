import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bufferedBody, limitBody } from "./body-limit";
import { rejectMalformedUrl, rejectUnusableBodies } from "./input-guards";

describe("the payment webhook exemption", () => {
  let server: http.Server;
  let base = "";
  beforeAll(async () => {
    const app = express();
    app.use(rejectMalformedUrl, limitBody({ maxBytes: 64 * 1024, uploadBytes: 256 * 1024 }), rejectUnusableBodies);
    app.use((req, res) => res.json({ body: bufferedBody(req)?.toString("utf8") ?? null }));
    server = http.createServer(app).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("lets JSON through to POST /webhooks/stripe only, unchanged", async () => {
    const body = '{"id":"evt_1","type":"checkout.session.completed"}';
    const ok = await fetch(`${base}/webhooks/stripe`, { method: "POST", body, headers: { "Content-Type": "application/json; charset=utf-8" } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ body });
    // Other types on the webhook, and JSON on any other page, are still refused.
    for (const [path, type] of [["/webhooks/stripe", "text/plain"], ["/webhooks/stripe/x", "application/json"], ["/advertise", "application/json"], ["/webhooks/other", "application/json"]]) {
      const refused = await fetch(`${base}${path}`, { method: "POST", body, headers: { "Content-Type": type! } });
      expect(refused.status, `${path} ${type}`).toBe(415);
    }
    // NUL in the JSON is refused there too.
    const nul = await fetch(`${base}/webhooks/stripe`, { method: "POST", body: '{"id":"a\\u0000"}', headers: { "Content-Type": "application/json" } });
    expect(nul.status).toBe(400);
  });
});
