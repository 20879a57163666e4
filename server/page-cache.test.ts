import crypto from "node:crypto";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { rememberDeadSession } from "../app/domain/auth/session-cookie.server";
import { isAnonymous, NonceCopies } from "./page-cache";
import { newNonce, nonceOffsets } from "./security-headers";

describe("isAnonymous", () => {
  const secret = "a-secret-of-at-least-thirty-two-characters";
  const signed = (token: string, key = secret) => encodeURIComponent(`${token}.${crypto.createHmac("sha256", key).update(token).digest("base64")}`);

  it("treats a validly signed session cookie or a pending flash message as personal", () => {
    expect(isAnonymous(undefined, secret)).toBe(true);
    expect(isAnonymous("ui-theme=dark", secret)).toBe(true);
    expect(isAnonymous(`better-auth.session_token=${signed("tok1")}`, secret)).toBe(false);
    expect(isAnonymous(`a=1; __Secure-better-auth.session_token=${signed("tok2")}`, secret)).toBe(false);
    expect(isAnonymous("a=1; toolnest_flash=eyJ9", secret)).toBe(false);
    expect(isAnonymous("not_toolnest_flashy=1", secret)).toBe(true);
  });

  it("treats a session cookie without the server's signature, or whose session is gone, as anonymous", () => {
    expect(isAnonymous("better-auth.session_token=bogus.bogus", secret)).toBe(true);
    expect(isAnonymous("better-auth.session_token=abc", secret)).toBe(true);
    expect(isAnonymous(`better-auth.session_token=${signed("tok3", "another-secret-of-thirty-two-characters")}`, secret)).toBe(true);
    expect(isAnonymous("other_session_token=abc", secret)).toBe(true);
    rememberDeadSession("tok4");
    expect(isAnonymous(`better-auth.session_token=${signed("tok4")}`, secret)).toBe(true);
    // One live session among junk keeps the page personal.
    expect(isAnonymous(`better-auth.session_token=bogus.bogus; better-auth.session_token=${signed("tok5")}`, secret)).toBe(false);
  });

  it("counts any session cookie as personal while the secret is unknown", () => {
    expect(isAnonymous("better-auth.session_token=bogus.bogus", null)).toBe(false);
  });
});

describe("NonceCopies: a cached page sent with a fresh nonce per response", () => {
  it("differs in every copy sent, many at once and one after another, and never mixes two", async () => {
    const old = newNonce();
    // Large enough that a response can still be on its way while the next ones are written.
    const body = Buffer.from(`<script nonce="${old}"></script>${"x".repeat(300_000)}<script nonce="${old}"></script>${old}`);
    const offsets = nonceOffsets(body, old);
    const copies = new NonceCopies(body, offsets);
    const server = http.createServer((_req, res) => copies.end(res, newNonce()));
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const seen = new Set<string>();
    const check = (sent: string) => {
      const nonces = new Set(offsets.map((at) => sent.slice(at, at + old.length)));
      expect(nonces.size).toBe(1); // one nonce throughout the page
      const [nonce] = nonces as Set<string>;
      expect(nonce).not.toBe(old);
      expect(sent.length).toBe(body.length);
      expect(sent.replaceAll(nonce!, old)).toBe(body.toString());
      seen.add(nonce!);
    };
    try {
      for (let round = 0; round < 3; round++) {
        const sent = await Promise.all(Array.from({ length: 20 }, async () => (await fetch(url)).text()));
        sent.forEach(check);
      }
      for (let i = 0; i < 10; i++) check(await (await fetch(url)).text());
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(seen.size).toBe(70);
    expect(body.toString().startsWith(`<script nonce="${old}">`)).toBe(true);
  });

  it("is not overwritten in a copy still on its way to a slow reader", async () => {
    const old = newNonce();
    // Larger than the socket buffers on both ends, so the first response waits for its reader.
    const body = Buffer.from(`${old}${"x".repeat(6_000_000)}${old}${"y".repeat(6_000_000)}${old}`);
    const offsets = nonceOffsets(body, old);
    const copies = new NonceCopies(body, offsets);
    const server = http.createServer((_req, res) => copies.end(res, newNonce()));
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const slow = net.connect(port, "127.0.0.1");
      slow.pause();
      slow.write("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Meanwhile other visitors get the page in full (from the free copies, if there were any).
      for (let i = 0; i < 3; i++) expect((await (await fetch(`http://127.0.0.1:${port}/`)).arrayBuffer()).byteLength).toBe(body.length);
      const chunks: Buffer[] = [];
      slow.on("data", (chunk: Buffer) => chunks.push(chunk));
      slow.resume();
      await new Promise((resolve) => slow.once("end", resolve));
      const response = Buffer.concat(chunks);
      const sent = response.subarray(response.indexOf("\r\n\r\n") + 4);
      expect(sent.length).toBe(body.length);
      const nonces = new Set(offsets.map((at) => sent.toString("latin1", at, at + old.length)));
      expect(nonces.size).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("goes out unchanged, copied or not, when the page has none", async () => {
    const body = Buffer.from("<p>no script here</p>");
    const copies = new NonceCopies(body, []);
    const server = http.createServer((_req, res) => copies.end(res, newNonce()));
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      expect(await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)).text()).toBe("<p>no script here</p>");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
