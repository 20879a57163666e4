import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openMemoryDatabase } from "~/db/client.server";
import { getDatabaseHandle, setDatabase } from "~/db/registry.server";
import { createServerApp } from "./app";

async function serve(clientDir?: string) {
  const app = createServerApp({
    mode: "production",
    clientDir,
    build: () => Promise.reject(new Error("no pages in this test")),
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("GET /healthz", () => {
  it("answers 200 while the database is reachable", async () => {
    const { base, close } = await serve();
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: true });
    await close();
  });

  it("answers 503 when the database is gone", async () => {
    const testDatabase = getDatabaseHandle();
    const broken = await openMemoryDatabase();
    await broken.close();
    setDatabase(broken);
    try {
      const { base, close } = await serve();
      const response = await fetch(`${base}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", database: false });
      await close();
    } finally {
      setDatabase(testDatabase);
    }
  });

  it("answers a malformed address with 400, not a crash", async () => {
    const { base, close } = await serve();
    const response = await fetch(`${base}/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This address is malformed.");
    await close();
  });
});

describe("public files", () => {
  it("serves files with an extension from the client build and never reads page URLs from disk", async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-client-"));
    fs.writeFileSync(path.join(clientDir, "favicon.svg"), "<svg/>");
    fs.writeFileSync(path.join(clientDir, "about"), "a stray file, not the About page");
    const { base, close } = await serve(clientDir);
    try {
      const icon = await fetch(`${base}/favicon.svg`);
      expect(icon.status).toBe(200);
      expect(await icon.text()).toBe("<svg/>");
      expect(icon.headers.get("cache-control")).toBe("public, max-age=3600");
      const page = await fetch(`${base}/about`);
      expect(await page.text()).not.toContain("a stray file");
    } finally {
      await close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
