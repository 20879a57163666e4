import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { openMemoryDatabase } from "~/db/client.server";
import { getDatabaseHandle, setDatabase } from "~/db/registry.server";
import { createServerApp } from "./app";

async function serve() {
  const app = createServerApp({
    mode: "production",
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
