import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { NonceCopies } from "./page-cache";
import { digestWithoutNonce, newNonce, nonceOffsets, securityHeaders } from "./security-headers";

/** The middleware alone on a real HTTP server, configured from these variables. */
async function headersFor(variables: NodeJS.ProcessEnv) {
  const app = express();
  app.use(securityHeaders("production", parseEnv(variables)));
  app.get("/", (_req, res) => res.send(`<script nonce="${String(res.locals.cspNonce)}"></script>`));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return { headers: response.headers, body: await response.text() };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];

describe("securityHeaders", () => {
  it("sends HSTS only when the public URL is https", async () => {
    const secure = await headersFor({ APP_URL: "https://toolnest.example" });
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const local = await headersFor({ APP_URL: "http://localhost:3000" });
    expect(local.headers.get("strict-transport-security")).toBeNull();
    expect(local.headers.get("x-frame-options")).toBe("DENY");
  });

  it("puts the page's own nonce in the policy, a new one per response", async () => {
    const first = await headersFor({});
    const second = await headersFor({});
    const nonce = nonceOf(first.headers.get("content-security-policy"));
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.body).toBe(`<script nonce="${nonce}"></script>`);
    expect(nonceOf(second.headers.get("content-security-policy"))).not.toBe(nonce);
  });

  it("lets a native sign-in post be redirected to the identity provider only when Google is configured", async () => {
    const google = await headersFor({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" });
    expect(google.headers.get("content-security-policy")).toContain("form-action 'self' https://accounts.google.com;");
    const local = await headersFor({});
    expect(local.headers.get("content-security-policy")).toContain("form-action 'self';");
  });
});

describe("newNonce", () => {
  it("gives 24 base64 characters, never the same twice, across many refills of its random block", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      const nonce = newNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      seen.add(nonce);
    }
    expect(seen.size).toBe(5_000);
  });
});

describe("a cached page's nonce", () => {
  it("is replaced everywhere by a fresh one in what is sent, and the ETag digest ignores it", async () => {
    const old = newNonce();
    const body = Buffer.from(`<script nonce="${old}">a</script><p>${old}</p><script nonce="${old}"></script>`);
    const offsets = nonceOffsets(body, old);
    expect(offsets).toHaveLength(3);
    const fresh = newNonce();
    const copies = new NonceCopies(body, offsets);
    const server = http.createServer((_req, res) => copies.end(res, fresh));
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const sent = await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)).text();
      expect(sent).toBe(body.toString().replaceAll(old, fresh));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(body.toString()).toContain(old); // the cached page itself is untouched
    const other = Buffer.from(body.toString().replaceAll(old, fresh));
    expect(digestWithoutNonce(other, offsets)).toBe(digestWithoutNonce(body, offsets));
    expect(digestWithoutNonce(Buffer.from("<p>changed</p>"), [])).not.toBe(digestWithoutNonce(body, offsets));
  });
});
