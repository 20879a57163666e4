import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FetchRefused, installHarnessLoopbackPorts, safeFetch, siteFetcher } from "./safe-fetch.server";
import { startTestSite, type TestSite } from "./test-server";

describe("siteFetcher (the e2e harness's allowance)", () => {
  let site: TestSite;
  let other: TestSite;
  beforeAll(async () => {
    site = await startTestSite((_request, response) => response.writeHead(200, { "Content-Type": "text/html" }).end("<title>Site</title>"));
    other = await startTestSite((_request, response) => response.writeHead(200).end("other"));
  });
  afterAll(async () => {
    await Promise.all([site.close(), other.close()]);
  });
  afterEach(() => installHarnessLoopbackPorts([]));

  it("is the safe fetcher itself when nothing was installed: loopback is refused before any connection", async () => {
    expect(siteFetcher()).toBe(safeFetch);
    await expect(siteFetcher()(`${site.origin}/`)).rejects.toBeInstanceOf(FetchRefused);
    expect(site.connections()).toBe(0);
  });

  it("reads only the installed port on loopback, and still refuses every other private address", async () => {
    installHarnessLoopbackPorts([site.port]);
    const answer = await siteFetcher()(`${site.origin}/`);
    expect(answer.body.toString()).toContain("<title>Site</title>");
    await expect(siteFetcher()(`${other.origin}/`)).rejects.toMatchObject({ reason: "private address" });
    expect(other.connections()).toBe(0);
    await expect(siteFetcher()(`http://10.0.0.1:${site.port}/`)).rejects.toBeInstanceOf(FetchRefused);
  });
});
