import http from "node:http";
import https from "node:https";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { isPublicAddress } from "./address-policy.server";
import { createSafeFetcher, FetchRefused, type SafeFetch } from "./safe-fetch.server";
import { startTestSite, type TestSite } from "./test-server";

/** The refusal a fetch ends with (fails the test when the fetch succeeds). */
async function refusal(promise: Promise<unknown>): Promise<FetchRefused> {
  const error = await promise.then(
    () => new Error("the fetch succeeded"),
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(FetchRefused);
  return error as FetchRefused;
}

/** Writes 64 KB chunks until the client goes away; `cut` tells whether it did. */
function endless(response: http.ServerResponse, onCut: () => void) {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  response.on("close", () => {
    if (!response.writableFinished) onCut();
  });
  const pump = () => {
    while (!response.destroyed && response.write(chunk));
    if (!response.destroyed) response.once("drain", pump);
  };
  pump();
}

let site: TestSite; // the allowed test site
let other: TestSite; // a second loopback server on a port the allowance does not cover
let allowed: SafeFetch;
let endlessCut = false;

beforeAll(async () => {
  other = await startTestSite((_request, response) => void response.end("other"));
  site = await startTestSite((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    switch (url.pathname) {
      case "/hello":
        response.setHeader("Content-Type", "text/plain");
        return void response.end(`hello ${request.headers.host}`);
      case "/redirect":
        response.writeHead(302, { Location: url.searchParams.get("to") ?? "/hello" });
        return void response.end();
      case "/loop":
        response.writeHead(301, { Location: "/loop" });
        return void response.end();
      case "/two-megabytes":
        response.setHeader("Content-Length", 2 * 1024 * 1024);
        return void response.end(Buffer.alloc(2 * 1024 * 1024));
      case "/endless":
        return endless(response, () => (endlessCut = true));
      case "/never":
        return; // never answers
      case "/headers-then-nothing":
        response.writeHead(200, { "Content-Type": "image/png" });
        return void response.write("x");
      default:
        response.statusCode = 404;
        return void response.end("not found");
    }
  });
  allowed = createSafeFetcher({ testOnlyAllowLoopbackPorts: [site.port] });
});

afterAll(async () => {
  await site.close();
  await other.close();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe("the test allowance", () => {
  it("reaches the allowed 127.0.0.1 port", async () => {
    const response = await allowed(`${site.origin}/hello`);
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe(`hello 127.0.0.1:${site.port}`);
  });

  it("without it, the same loopback URL is refused before any connection", async () => {
    const before = site.connections();
    const error = await refusal(createSafeFetcher()(`${site.origin}/hello`));
    expect(error.reason).toBe("private address");
    expect(site.connections()).toBe(before);
  });

  it("cannot be used with NODE_ENV=production", () => {
    vi.stubEnv("NODE_ENV", "production");
    expect(() => createSafeFetcher({ testOnlyAllowLoopbackPorts: [site.port] })).toThrow(/for tests/);
  });
});

describe("addresses that are refused without a connection attempt", () => {
  it.each([
    "http://10.0.0.1/",
    "http://172.16.5.4/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://100.64.0.1/",
    "http://0.0.0.0/",
    "http://2130706433/", // 127.0.0.1 in decimal
    "http://0177.0.0.1/", // 127.0.0.1 in octal
    "http://0x7f.1/",
    "http://224.0.0.1/",
    "http://255.255.255.255/",
    "http://[::1]/",
    "http://[::]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:169.254.169.254]/",
    "http://[fe80::1]/",
    "http://[fc00::1]/",
    "http://[fd12:3456::1]/",
    "http://[ff02::1]/",
    "http://[64:ff9b::a00:1]/", // NAT64 form of 10.0.0.1
    "http://[2002:7f00:1::]/", // 6to4 form of 127.0.0.1
  ])("%s", async (url) => {
    const requests = [vi.spyOn(http, "request"), vi.spyOn(https, "request")];
    const error = await refusal(allowed(url));
    expect(error.reason).toBe("private address");
    for (const request of requests) expect(request).not.toHaveBeenCalled();
  });

  it("the allowance opens neither other loopback ports nor mapped forms of its own", async () => {
    const before = [site.connections(), other.connections()];
    expect((await refusal(allowed(`${other.origin}/`))).reason).toBe("private address");
    expect((await refusal(allowed(`http://[::ffff:127.0.0.1]:${site.port}/hello`))).reason).toBe("private address");
    expect([site.connections(), other.connections()]).toEqual(before);
  });

  it("a public-looking name that resolves to 127.0.0.1 is refused", async () => {
    const resolve = vi.fn(async () => [{ address: "127.0.0.1", family: 4 }]);
    const before = site.connections();
    const error = await refusal(createSafeFetcher({ resolve })(`http://tools.example.com:${site.port}/hello`));
    expect(error.reason).toBe("private address");
    expect(resolve).toHaveBeenCalledWith("tools.example.com");
    expect(site.connections()).toBe(before);
  });

  it("a name with one public and one private address is refused", async () => {
    const resolve = async () => [
      { address: "93.184.215.14", family: 4 },
      { address: "10.1.2.3", family: 4 },
    ];
    expect((await refusal(createSafeFetcher({ resolve })("http://mixed.example/"))).reason).toBe("private address");
  });

  it("localhost (system resolver) is refused", async () => {
    expect((await refusal(createSafeFetcher()(`http://localhost:${site.port}/hello`))).reason).toBe("private address");
  });

  it.each(["file:///etc/passwd", "ftp://example.com/", "gopher://example.com/", "http://user:secret@example.com/", "not a url"])(
    "%s is not fetched",
    async (url) => {
      const spy = vi.spyOn(http, "request");
      expect(["unsupported url", "invalid url"]).toContain((await refusal(allowed(url))).reason);
      expect(spy).not.toHaveBeenCalled();
    },
  );
});

describe("pinning", () => {
  it("connects to the address that was checked, once per hop, keeping the name in the Host header", async () => {
    // The name does not exist in DNS: the request can only work through the checked, pinned address.
    const resolve = vi.fn(async () => [{ address: "127.0.0.1", family: 4 }]);
    const fetcher = createSafeFetcher({ resolve, testOnlyAllowLoopbackPorts: [site.port] });
    const response = await fetcher(`http://pinned.invalid:${site.port}/hello`);
    expect(response.body.toString()).toBe(`hello pinned.invalid:${site.port}`);
    expect(resolve).toHaveBeenCalledTimes(1);
  });

  it("a name that answers a public address first and a private one next (rebinding) is refused on the redirect", async () => {
    const answers = ["127.0.0.1", "10.0.0.7"];
    const resolve = vi.fn(async () => [{ address: answers.shift() ?? "10.0.0.7", family: 4 }]);
    const fetcher = createSafeFetcher({ resolve, testOnlyAllowLoopbackPorts: [site.port] });
    const error = await refusal(fetcher(`http://rebind.invalid:${site.port}/redirect?to=/hello`));
    expect(error.reason).toBe("private address");
    expect(resolve).toHaveBeenCalledTimes(2);
  });
});

describe("redirects", () => {
  it("follows a relative redirect and reports the final URL", async () => {
    const response = await allowed(`${site.origin}/redirect?to=/hello`);
    expect(response.url).toBe(`${site.origin}/hello`);
    expect(response.body.toString()).toContain("hello");
  });

  it("refuses a redirect from the allowed site to another loopback port, without connecting to it", async () => {
    const before = other.connections();
    const error = await refusal(allowed(`${site.origin}/redirect?to=${encodeURIComponent(`${other.origin}/`)}`));
    expect(error.reason).toBe("private address");
    expect(other.connections()).toBe(before);
  });

  it.each(["http://169.254.169.254/latest/meta-data/", "http://[::1]/", "http://10.0.0.1/admin", "file:///etc/passwd"])(
    "refuses a redirect to %s",
    async (target) => {
      const error = await refusal(allowed(`${site.origin}/redirect?to=${encodeURIComponent(target)}`));
      expect(["private address", "unsupported url"]).toContain(error.reason);
    },
  );

  it("stops after maxRedirects", async () => {
    const before = site.requests.length;
    const error = await refusal(allowed(`${site.origin}/loop`, { maxRedirects: 3 }));
    expect(error.reason).toBe("too many redirects");
    expect(site.requests.length - before).toBe(4);
  });
});

describe("caps", () => {
  it("refuses a 2 MB body (1 MB cap)", async () => {
    expect((await refusal(allowed(`${site.origin}/two-megabytes`))).reason).toBe("too large");
  });

  it("aborts a body that never ends once it passes the cap, instead of reading on", async () => {
    endlessCut = false;
    const error = await refusal(allowed(`${site.origin}/endless`, { maxBytes: 256 * 1024, timeoutMs: 60_000 }));
    expect(error.reason).toBe("too large");
    await vi.waitFor(() => expect(endlessCut).toBe(true));
  });

  it("with truncate, keeps the first maxBytes of a body that never ends", async () => {
    const response = await allowed(`${site.origin}/endless`, { maxBytes: 1000, truncate: true, timeoutMs: 60_000 });
    expect(response.body.length).toBe(1000);
    expect(response.truncated).toBe(true);
  });

  it("cuts off a server that never answers", async () => {
    expect((await refusal(allowed(`${site.origin}/never`, { timeoutMs: 200 }))).reason).toBe("timed out");
  });

  it("cuts off a body that stops arriving", async () => {
    expect((await refusal(allowed(`${site.origin}/headers-then-nothing`, { timeoutMs: 200 }))).reason).toBe("timed out");
  });

  it("refuses an error status", async () => {
    const error = await refusal(allowed(`${site.origin}/missing`));
    expect(error.reason).toBe("bad status");
    expect(error.message).toContain("404");
  });
});

describe("address policy", () => {
  it.each(["8.8.8.8", "93.184.215.14", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e"])("%s is public", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each(["127.0.0.1", "10.0.0.1", "100.127.255.255", "192.0.2.1", "198.18.0.1", "::1", "::ffff:8.8.8.8", "2001:db8::1", "2001::1", "fe80::1%eth0", "example.com"])(
    "%s is not",
    (address) => {
      expect(isPublicAddress(address)).toBe(false);
    },
  );
});

describe("a DNS lookup that fails after the deadline", () => {
  /** Runs `body`, then waits for `settleMs`, collecting every rejection nobody handled meanwhile. */
  async function unhandledDuring(body: () => Promise<unknown>, settleMs: number): Promise<unknown[]> {
    const seen: unknown[] = [];
    const listener = (reason: unknown) => void seen.push(reason);
    process.on("unhandledRejection", listener);
    try {
      await body();
      await new Promise((resolve) => setTimeout(resolve, settleMs));
    } finally {
      process.off("unhandledRejection", listener);
    }
    return seen;
  }

  const lateFailure = (afterMs: number) => () =>
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error("ENOTFOUND (late)")), afterMs));

  it("answers timed out, and the late DNS failure is no unhandled rejection", async () => {
    const fetcher = createSafeFetcher({ resolve: lateFailure(60) });
    const seen = await unhandledDuring(async () => {
      expect((await refusal(fetcher("http://slow-dns.example/", { timeoutMs: 10 }))).reason).toBe("timed out");
    }, 150);
    expect(seen).toEqual([]);
  });

  it("with the caller's signal already aborted, answers timed out, and the late DNS failure is no unhandled rejection", async () => {
    const fetcher = createSafeFetcher({ resolve: lateFailure(20) });
    const seen = await unhandledDuring(async () => {
      const signal = AbortSignal.abort();
      expect((await refusal(fetcher("http://slow-dns.example/", { signal }))).reason).toBe("timed out");
    }, 120);
    expect(seen).toEqual([]);
  });
});
