/**
 * Issue 34 through the production server (scripts/start.mjs, as `npm start` runs it, on a fresh
 * embedded database): a session cookie that is no session costs what an anonymous visit costs
 * (the cached page), a real session still gets its own page, and a burst far beyond the server's
 * limits gets an answer for every request: served, or refused with 503 and Retry-After.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDirs } from "../support/temp-dirs";
import { freePort } from "../support/free-port";

const temp = tempDirs("toolnest-overload-");
const AUTH_SECRET = crypto.randomBytes(24).toString("hex");


async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["scripts/start.mjs", "--no-seed"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: "",
      DATA_DIR: temp.make(),
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      AUTH_SECRET,
      SEED: "false",
      LOG_LEVEL: "silent",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (const started = Date.now(); Date.now() - started < 170_000; await new Promise((r) => setTimeout(r, 200))) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) return { base, child };
  }
  throw new Error("the server did not become healthy");
}

async function stopServer(server: { child: ChildProcess } | undefined) {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill("SIGTERM");
  await new Promise((resolve) => server.child.once("exit", resolve));
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/auth/dev`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ email, redirectTo: "/" }),
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
  if (!session) throw new Error(`development sign-in answered ${response.status} without a session`);
  return session.split(";")[0]!;
}

/** A signature of the right shape (44 characters of base64) that the secret did not make. */
const FORGED = `${crypto.randomBytes(16).toString("hex")}.${encodeURIComponent(crypto.randomBytes(32).toString("base64"))}`;

describe("session cookies and the page cache, through the real server", { timeout: 60_000 }, () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;

  beforeAll(async () => {
    server = await startServer({ PAGE_CACHE_SECONDS: "600" });
    // The anonymous home page, rendered once: in the cache from here on.
    expect((await fetch(`${server.base}/`)).status).toBe(200);
  }, 200_000);

  afterAll(async () => {
    await stopServer(server);
    temp.removeAll();
  });

  it("serves the cached anonymous page to a session cookie whose signature is not the server's", async () => {
    for (const cookie of [
      "better-auth.session_token=bogus.bogus",
      `better-auth.session_token=${FORGED}`,
      `theme=dark; __Secure-better-auth.session_token=${FORGED}`,
      "someone_elses_session_token=abc",
    ]) {
      const page = await fetch(`${server!.base}/`, { headers: { Cookie: cookie } });
      expect(page.status, cookie).toBe(200);
      expect(page.headers.get("x-page-cache"), cookie).toBe("HIT");
      expect(await page.text(), cookie).toContain("Sign in");
    }
  });

  it("renders a signed-in visitor's own page, never the cached one, and the cached page once the session is gone", async () => {
    const cookie = await signIn(server!.base, "overload.session@example.com");
    const own = await fetch(`${server!.base}/profile`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain("overload.session@example.com");
    const home = await fetch(`${server!.base}/`, { headers: { Cookie: cookie } });
    expect(home.status).toBe(200);
    expect(home.headers.get("x-page-cache")).toBeNull();
    expect(home.headers.get("cache-control")).toContain("private");

    // Signed out: the cookie keeps a valid signature, but its session is deleted.
    const out = await fetch(`${server!.base}/logout`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: server!.base } });
    expect(out.status).toBe(302);
    // The first request with it looks the session up, and clears the cookie for a browser...
    const first = await fetch(`${server!.base}/`, { headers: { Cookie: cookie } });
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token=;"))).toBe(true);
    // ...and a client that keeps sending it gets the cached anonymous page, without another lookup.
    const again = await fetch(`${server!.base}/`, { headers: { Cookie: cookie } });
    expect(again.headers.get("x-page-cache")).toBe("HIT");
    expect(await again.text()).toContain("Sign in");
  });
});

describe("a burst far beyond the server's limits, through the real server", { timeout: 120_000 }, () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;

  beforeAll(async () => {
    server = await startServer({ PAGE_CACHE_SECONDS: "600", MAX_CONCURRENT_REQUESTS: "1", MAX_QUEUED_REQUESTS: "2" });
  }, 200_000);

  afterAll(async () => {
    await stopServer(server);
    temp.removeAll();
  });

  it("answers every request: served, or 503 with Retry-After; nothing else, nothing left hanging", async () => {
    const paths = ["/", "/search?q=a", "/niche/none", "/resources/none", "/api/v1/products?limit=5"];
    const cookies = [undefined, "better-auth.session_token=bogus.bogus"];
    const statuses = await Promise.all(
      Array.from({ length: 120 }, async (_, i) => {
        const path = paths[i % paths.length]!;
        const url = `${server!.base}${path}${path.includes("?") ? "&" : "?"}burst=${i}`;
        const cookie = cookies[i % cookies.length];
        const response = await fetch(url, { headers: cookie ? { Cookie: cookie } : {} });
        await response.arrayBuffer();
        if (response.status === 503) expect(response.headers.get("retry-after"), url).toBe("5");
        return response.status;
      }),
    );
    expect(statuses.filter((status) => ![200, 404, 503].includes(status))).toEqual([]);
    // How many were refused depends on the machine's speed; the server serves again after the burst.
    expect((await fetch(`${server!.base}/`)).status).toBe(200);
  });
});
